import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { NotFound } from './not-found';

// Each part of the site is its own chunk: the first page a visitor opens loads only its own code.
const ShoppingHome = lazy(() => import('../features/shopping/shopping-home'));
const PlanList = lazy(() => import('../features/shopping/plan-list'));
const PlanPage = lazy(() => import('../features/shopping/plan-page'));
const Wizard = lazy(() => import('../features/enrollment/wizard'));
const ThankYou = lazy(() => import('../features/enrollment/thank-you'));
const AccountRoutes = lazy(() => import('../features/account/account-routes'));
const SignIn = lazy(() => import('../features/account/sign-in'));
const Forgot = lazy(() => import('../features/account/forgot'));
const ResetPassword = lazy(() => import('../features/account/reset-password'));

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}

export function Routes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path="/" component={ShoppingHome} />
        <Route path="/plans" component={PlanList} />
        <Route path="/plans/:planId">{(params) => <PlanPage planId={Number(params.planId)} />}</Route>
        <Route path="/enroll/:planId">{(params) => <Wizard planId={Number(params.planId)} />}</Route>
        <Route path="/enrollments/:enrollmentId/thank-you">
          {(params) => <ThankYou enrollmentId={Number(params.enrollmentId)} />}
        </Route>
        <Route path="/sign-in" component={SignIn} />
        <Route path="/forgot-password">
          <Forgot kind="password" />
        </Route>
        <Route path="/forgot-username">
          <Forgot kind="username" />
        </Route>
        <Route path="/reset-password" component={ResetPassword} />
        <Route path="/account" nest component={AccountRoutes} />
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
