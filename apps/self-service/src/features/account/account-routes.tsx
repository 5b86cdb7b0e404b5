import { lazy } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { PageLoader } from '../../app/routes';
import { useSession } from '../../lib/session';

const Overview = lazy(() => import('./overview'));
const ProfilePage = lazy(() => import('./profile'));
const PaymentMethods = lazy(() => import('./payment-methods'));
const Notifications = lazy(() => import('./notifications'));
const EnrollmentPage = lazy(() => import('./enrollment/enrollment-page'));

/**
 * My account, under /account: only for a signed-in customer (anyone else is sent to sign in and brought back).
 * Every query of these pages is keyed under 'account', so signing in or out forgets them all (lib/session.ts).
 */
export default function AccountRoutes() {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (session.isPending) return <PageLoader />;
  if (!session.data?.customerId) {
    // Back to the very page asked for, its tab or filter (the query string) included.
    const next = `/account${location === '/' ? '' : location}${search ? `?${search}` : ''}`;
    return <Redirect to={`~/sign-in?${new URLSearchParams({ next })}`} />;
  }
  const customerId = session.data.customerId;
  return (
    <Switch>
      <Route path="/">
        <Overview customerId={customerId} />
      </Route>
      <Route path="/profile">
        <ProfilePage customerId={customerId} />
      </Route>
      <Route path="/payment-methods">
        <PaymentMethods customerId={customerId} />
      </Route>
      <Route path="/notifications">
        <Notifications customerId={customerId} />
      </Route>
      <Route path="/enrollments/:enrollmentId">
        {(params) => <EnrollmentPage customerId={customerId} enrollmentId={Number(params.enrollmentId)} />}
      </Route>
    </Switch>
  );
}
