import { Center, Loader } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  parseSearchWith,
  redirect,
  useMatches,
} from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { AppLayout } from '../components/layout/app-layout';
import { pagesFor } from '../components/layout/navigation';
import { ErrorState } from '../components/ui/states';
import { validateAuditSearch } from '../features/audit/search';
import { validateOutboxSearch } from '../features/autoresponders/search';
import { validateCampaignsSearch } from '../features/campaigns/search';
import { validateCompanySetupSearch } from '../features/company-setup/search';
import { validateCustomersSearch } from '../features/customers/search';
import { validateDocumentsSearch } from '../features/documents/search';
import { validatePlansSearch } from '../features/plans/search';
import { validatePricingMatrixSearch } from '../features/pricing-matrix/search';
import { validateProspectsSearch } from '../features/prospects/search';
import { validateQueuesSearch } from '../features/queues/search';
import { validateStaffSearch } from '../features/staff/search';
import { SIGN_IN_REASONS, type SignInSearch, sessionQueryOptions } from '../lib/auth';
import { localPath, oneOf, optionalInt } from '../lib/search';
import { NoPagesPage } from './routes/no-pages';
import { NotFoundPage } from './routes/not-found';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the browser's tab: "Queues · Voltin Operations". */
    title?: string;
  }
}

const PRODUCT = 'Voltin Operations';

/** Every page's document title, set once here from the deepest route that names one. */
function DocumentTitle() {
  const title = useMatches({
    select: (matches) => [...matches].reverse().find((match) => match.staticData.title)?.staticData.title,
  });
  // A layout effect: it runs before the pages' own effects, so a page without a route (not found) can still name itself.
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
  return null;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error, reset }) => <ErrorState error={error} onRetry={reset} what="this page" />,
  staticData: { title: undefined },
});

// --- Outside the console: signing in and setting up an account ------------------------------------------------

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  staticData: { title: 'Sign in' },
  validateSearch: (raw: Record<string, unknown>): SignInSearch => ({
    redirect: localPath(raw, 'redirect'),
    reason: oneOf(raw, 'reason', SIGN_IN_REASONS),
  }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    if (session && search.reason === undefined)
      throw redirect({ href: search.redirect ?? '/', replace: true });
  },
  component: lazyRouteComponent(() => import('./routes/sign-in')),
});

const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setup/$token',
  staticData: { title: 'Set up your account' },
  component: lazyRouteComponent(() => import('./routes/setup')),
});

// --- The console, behind the sign-in ---------------------------------------------------------------------------

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session)
      throw redirect({
        to: '/sign-in',
        search: { redirect: location.href === '/' ? undefined : location.href },
      });
    return { session };
  },
  component: AppLayout,
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const first = pagesFor(context.session)[0];
    if (first) throw redirect({ to: first.to, replace: true });
  },
  component: NoPagesPage,
});

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboard',
  staticData: { title: 'Dashboard' },
  component: lazyRouteComponent(() => import('./routes/dashboard')),
});

const queuesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/queues',
  staticData: { title: 'Queues' },
  validateSearch: validateQueuesSearch,
  component: lazyRouteComponent(() => import('./routes/queues')),
});

const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers',
  staticData: { title: 'Customers' },
  validateSearch: validateCustomersSearch,
  component: lazyRouteComponent(() => import('./routes/customers')),
});

const customerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers/$id',
  staticData: { title: 'Customer' },
  component: lazyRouteComponent(() => import('./routes/customer')),
});

/** One enrollment, by its id (digits only: anything else is not found). */
const enrollmentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/enrollments/$id',
  staticData: { title: 'Enrollment' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/enrollment')),
});

const plansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/plans',
  staticData: { title: 'Plans' },
  validateSearch: validatePlansSearch,
  component: lazyRouteComponent(() => import('./routes/plans')),
});

const bulkPriceChangeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/plans/price-change',
  staticData: { title: 'Change prices in bulk' },
  component: lazyRouteComponent(() => import('./routes/plan-price-change')),
});

const newPlanRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/plans/new',
  staticData: { title: 'New plan' },
  component: lazyRouteComponent(() => import('./routes/new-plan')),
});

const deliveryChargesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/plans/delivery-charges',
  staticData: { title: 'Delivery charges' },
  validateSearch: (raw: Record<string, unknown>): { utility?: number } => {
    const utility = optionalInt(raw, 'utility');
    return utility ? { utility } : {};
  },
  component: lazyRouteComponent(() => import('./routes/delivery-charges')),
});

const planBundlesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/plans/bundles',
  staticData: { title: 'Bundles' },
  component: lazyRouteComponent(() => import('./routes/plan-bundles')),
});

/** One plan, by its id (digits only: anything else is not found). */
const planRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/plans/$id',
  staticData: { title: 'Plan' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/plan')),
});

const campaignsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns',
  staticData: { title: 'Campaigns' },
  validateSearch: validateCampaignsSearch,
  component: lazyRouteComponent(() => import('./routes/campaigns')),
});

/** One campaign, by its id (digits only: anything else is not found). */
const campaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/$id',
  staticData: { title: 'Campaign' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/campaign')),
});

const utilitiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/utilities',
  staticData: { title: 'Utilities' },
  component: lazyRouteComponent(() => import('./routes/utilities')),
});

/** One utility, by its id (digits only: anything else is not found). */
const utilityRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/utilities/$id',
  staticData: { title: 'Utility' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/utility')),
});

/** The prospect pricing matrix; `?import=<id>` opens one upload's review. */
const pricingMatrixRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pricing-matrix',
  staticData: { title: 'Pricing matrix' },
  validateSearch: validatePricingMatrixSearch,
  component: lazyRouteComponent(() => import('./routes/pricing-matrix')),
});

const autorespondersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/autoresponders',
  staticData: { title: 'Autoresponders' },
  component: lazyRouteComponent(() => import('./routes/autoresponders')),
});

/** One autoresponder package, by its id (digits only: anything else is not found). */
const autoresponderPackageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/autoresponders/$id',
  staticData: { title: 'Autoresponder package' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/autoresponder-package')),
});

/** One template of a package: its editor, preview and test message. */
const autoresponderTemplateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/autoresponders/$id/templates/$templateId',
  staticData: { title: 'Autoresponder template' },
  params: {
    parse: ({ id, templateId }) =>
      /^[1-9]\d{0,9}$/.test(id) && /^[1-9]\d{0,9}$/.test(templateId)
        ? { id: Number(id), templateId: Number(templateId) }
        : false,
    stringify: ({ id, templateId }) => ({ id: String(id), templateId: String(templateId) }),
  },
  component: lazyRouteComponent(() => import('./routes/autoresponder-template')),
});

const documentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/documents',
  staticData: { title: 'Documents' },
  validateSearch: validateDocumentsSearch,
  component: lazyRouteComponent(() => import('./routes/documents')),
});

/** One library document, by its id (digits only: anything else is not found). */
const documentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/documents/$id',
  staticData: { title: 'Document' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/document')),
});

const mailOutboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/mail-outbox',
  staticData: { title: 'Mail outbox' },
  validateSearch: validateOutboxSearch,
  component: lazyRouteComponent(() => import('./routes/mail-outbox')),
});

const auditLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/audit-log',
  staticData: { title: 'Audit log' },
  validateSearch: validateAuditSearch,
  component: lazyRouteComponent(() => import('./routes/audit-log')),
});

const staffRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/staff',
  staticData: { title: 'Staff' },
  validateSearch: validateStaffSearch,
  component: lazyRouteComponent(() => import('./routes/staff')),
});

const companiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/companies',
  staticData: { title: 'Companies' },
  component: lazyRouteComponent(() => import('./routes/companies')),
});

const newCompanyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/companies/new',
  staticData: { title: 'New company' },
  component: lazyRouteComponent(() => import('./routes/new-company')),
});

const apiAccountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/api-accounts',
  staticData: { title: 'API accounts' },
  component: lazyRouteComponent(() => import('./routes/api-accounts')),
});

const companySetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/company-setup',
  staticData: { title: 'Company set-up' },
  validateSearch: validateCompanySetupSearch,
  component: lazyRouteComponent(() => import('./routes/company-setup')),
});

const serviceTasksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/service-tasks',
  staticData: { title: 'Service tasks' },
  component: lazyRouteComponent(() => import('./routes/service-tasks')),
});

const serviceTaskRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/service-tasks/$name',
  staticData: { title: 'Service task' },
  component: lazyRouteComponent(() => import('./routes/service-task')),
});

// --- Affiliates and the prospect pipeline --------------------------------------------------------------------

const affiliatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/affiliates',
  staticData: { title: 'Affiliates' },
  component: lazyRouteComponent(() => import('./routes/affiliates')),
});

/** One affiliate, by its id (digits only: anything else is not found). */
const affiliateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/affiliates/$id',
  staticData: { title: 'Affiliate' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/affiliate')),
});

/** The pipeline as a board or a table; filters in the URL. */
const prospectsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/prospects',
  staticData: { title: 'Prospects' },
  validateSearch: validateProspectsSearch,
  component: lazyRouteComponent(() => import('./routes/prospects')),
});

/** One prospect, by its id (digits only: anything else is not found). */
const prospectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/prospects/$id',
  staticData: { title: 'Prospect' },
  params: {
    parse: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? { id: Number(id) } : false),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: lazyRouteComponent(() => import('./routes/prospect')),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  setupRoute,
  appRoute.addChildren([
    indexRoute,
    dashboardRoute,
    queuesRoute,
    customersRoute,
    customerRoute,
    enrollmentRoute,
    plansRoute,
    bulkPriceChangeRoute,
    deliveryChargesRoute,
    planBundlesRoute,
    newPlanRoute,
    planRoute,
    campaignsRoute,
    campaignRoute,
    utilitiesRoute,
    utilityRoute,
    pricingMatrixRoute,
    autorespondersRoute,
    autoresponderPackageRoute,
    autoresponderTemplateRoute,
    mailOutboxRoute,
    documentsRoute,
    documentRoute,
    auditLogRoute,
    staffRoute,
    companiesRoute,
    newCompanyRoute,
    apiAccountsRoute,
    companySetupRoute,
    serviceTasksRoute,
    serviceTaskRoute,
    affiliatesRoute,
    affiliateRoute,
    prospectsRoute,
    prospectRoute,
  ]),
]);

/**
 * Search params are JSON-parsed as the router does by default, except a number too long to be exact (a meter number
 * typed into the URL: `?q=10443720123456789`), which stays the string it was.
 */
const parseSearch = parseSearchWith((value) => {
  const parsed: unknown = JSON.parse(value);
  return typeof parsed === 'number' && !Number.isSafeInteger(parsed) && /^\d+$/.test(value) ? value : parsed;
});

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    parseSearch,
    defaultPreload: 'intent',
    // Query owns caching: the router runs loaders and guards on every navigation.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 250,
    defaultPendingComponent: () => (
      <Center py={80} role="status" aria-label="Loading">
        <Loader size="sm" type="dots" />
      </Center>
    ),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
