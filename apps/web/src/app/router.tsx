import { createBrowserRouter, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { OopsPage } from '../components/ui/oops-page';
import { PageLoader } from '../components/ui/page-loader';
import { loadLeadRoute } from './routes/app/load-lead-route';
import { DASHBOARD_VIEW_PARAM, paths, SELECTED_PROPERTY_PARAM } from '../config/paths';
import { getUserQueryOptions } from '../features/auth/api/get-user';
import { getInboxQueryOptions } from '../features/inbox/api/get-inbox';
import { readInboxParams } from '../features/inbox/utils/inbox-url-params';
import { getLeadQueryOptions } from '../features/leads/api/get-lead';
import { getToken } from '../lib/storage';
import { queryClient } from '../lib/query-client';
import {
  ACCOUNT_ROUTE_ID,
  accessTokenSignIn,
  pendingAccountSwitch,
  type AccountLoaderData,
} from './guards/access-token-sign-in';
import { loginTypeGuard } from './guards/login-type-guard';
import { notFoundGuard } from './guards/not-found-guard';
import { protectedGuard, protectedWithAccessTokenGuard } from './guards/protected-guard';

/** A route that only sends the user on (`element: null` tells the router nothing renders here). */
const redirectRoute = (href: string) => ({ loader: () => redirect(href), element: null });

/**
 * The login page signs in with a secure link's access_token before the login-type guard looks for
 * a stored token; run in one loader so the order cannot vary. A link for another account than the
 * signed-in one stays on the login page, which asks before switching.
 */
function accountLoader(args: LoaderFunctionArgs): Response | AccountLoaderData {
  const pendingSwitch = pendingAccountSwitch(args);
  if (pendingSwitch) return { pendingSwitch };
  return accessTokenSignIn(args) ?? loginTypeGuard();
}

/**
 * React Router re-runs loaders when a link to the current URL is followed; invalidating the lead
 * there makes such a navigation reload it.
 */
async function leadEscalationLoader(args: LoaderFunctionArgs) {
  const denied = await protectedWithAccessTokenGuard(args);
  if (denied) return denied;
  const { propertyId, pmsLeadId } = args.params;
  if (propertyId && pmsLeadId) {
    // Who is signed in decides the page's controls: asked for beside the lead, not after it.
    void queryClient.prefetchQuery(getUserQueryOptions());
    const lead = getLeadQueryOptions(propertyId, pmsLeadId);
    // A lead not loaded yet starts loading with the route's code, not after it.
    if (queryClient.getQueryData(lead.queryKey) === undefined) void queryClient.prefetchQuery(lead);
    else void queryClient.invalidateQueries({ queryKey: lead.queryKey });
  }
  return null;
}

/**
 * The dashboard's inbox starts loading with the route's code. Loaders run side by side, so this one
 * waits for nothing: without a session it leaves the guard above to send the visitor to sign in.
 */
function dashboardLoader({ request }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  if (getToken() !== null && searchParams.get(DASHBOARD_VIEW_PARAM) !== 'tours') {
    const params = readInboxParams(searchParams, searchParams.get(SELECTED_PROPERTY_PARAM));
    void queryClient.prefetchInfiniteQuery(getInboxQueryOptions(params));
  }
  return null;
}

const normalRouteTable: RouteObject[] = [
  {
    path: paths.home.path,
    HydrateFallback: PageLoader,
    ErrorBoundary: OopsPage,
    children: [
      { index: true, ...redirectRoute(paths.account.getHref()) },
      {
        lazy: () =>
          import('./routes/app/app-layout').then((module) => ({
            Component: module.AppLayoutRoute,
          })),
        children: [
          {
            path: paths.main.path,
            loader: protectedGuard,
            children: [
              { index: true, ...redirectRoute(paths.dashboard.getHref()) },
              {
                path: paths.dashboard.path,
                loader: dashboardLoader,
                lazy: () =>
                  import('./routes/app/dashboard').then((module) => ({
                    Component: module.DashboardRoute,
                  })),
              },
              {
                path: paths.today.path,
                lazy: () =>
                  import('./routes/app/today').then((module) => ({
                    Component: module.TodayRoute,
                  })),
              },
              {
                path: paths.unmatched.path,
                lazy: () =>
                  import('./routes/app/unmatched').then((module) => ({
                    Component: module.UnmatchedRoute,
                  })),
              },
              {
                // Every staff member's: personal templates are everyone's.
                path: paths.templates.path,
                lazy: () =>
                  import('./routes/app/templates').then((module) => ({
                    Component: module.TemplatesRoute,
                  })),
              },
              {
                // Every staff role's: an agent's figures are their own leads'. Its own chunk, with
                // the charts: nothing of it is in the first download.
                path: paths.reports.path,
                lazy: () =>
                  import('./routes/app/reports').then((module) => ({
                    Component: module.ReportsRoute,
                  })),
              },
              {
                path: paths.reportLeads.path,
                lazy: () =>
                  import('./routes/app/report-leads').then((module) => ({
                    Component: module.ReportLeadsRoute,
                  })),
              },
              {
                // The team's pages: managers' and admins'.
                lazy: () =>
                  import('./routes/app/role-layouts').then((module) => ({
                    Component: module.ManagerLayoutRoute,
                  })),
                children: [
                  {
                    path: paths.workload.path,
                    lazy: () =>
                      import('./routes/app/workload').then((module) => ({
                        Component: module.WorkloadRoute,
                      })),
                  },
                  {
                    path: paths.assignment.path,
                    lazy: () =>
                      import('./routes/app/assignment').then((module) => ({
                        Component: module.AssignmentRoute,
                      })),
                  },
                  {
                    path: paths.pipeline.path,
                    lazy: () =>
                      import('./routes/app/pipeline').then((module) => ({
                        Component: module.PipelineRoute,
                      })),
                  },
                  {
                    // Next to the admins' tour settings, but a manager's too, like its PUT.
                    path: paths.tourAvailability.path,
                    lazy: () =>
                      import('./routes/app/tour-availability').then((module) => ({
                        Component: module.TourAvailabilityRoute,
                      })),
                  },
                  {
                    // Managers read a property's call settings; only admins change them (the form says so).
                    path: paths.calls.path,
                    lazy: () =>
                      import('./routes/app/call-settings').then((module) => ({
                        Component: module.CallSettingsRoute,
                      })),
                  },
                ],
              },
              {
                lazy: () =>
                  import('./routes/app/role-layouts').then((module) => ({
                    Component: module.AdminLayoutRoute,
                  })),
                children: [
                  {
                    // A sandbox tool (with 'Simulate reply'): admins only, like its API.
                    path: paths.outbox.path,
                    lazy: () =>
                      import('./routes/app/outbox').then((module) => ({
                        Component: module.OutboxRoute,
                      })),
                  },
                  {
                    path: paths.apiKeys.path,
                    lazy: () =>
                      import('./routes/app/api-keys').then((module) => ({
                        Component: module.ApiKeysRoute,
                      })),
                  },
                  {
                    path: paths.team.path,
                    lazy: () =>
                      import('./routes/app/team').then((module) => ({
                        Component: module.TeamRoute,
                      })),
                  },
                  {
                    path: paths.numbers.path,
                    lazy: () =>
                      import('./routes/app/numbers').then((module) => ({
                        Component: module.NumbersRoute,
                      })),
                  },
                  {
                    path: paths.sources.path,
                    lazy: () =>
                      import('./routes/app/sources').then((module) => ({
                        Component: module.SourcesRoute,
                      })),
                  },
                  {
                    path: paths.webhooks.path,
                    lazy: () =>
                      import('./routes/app/webhooks').then((module) => ({
                        Component: module.WebhooksRoute,
                      })),
                  },
                  {
                    path: paths.officeHours.path,
                    lazy: () =>
                      import('./routes/app/office-hours').then((module) => ({
                        Component: module.OfficeHoursRoute,
                      })),
                  },
                  {
                    path: paths.quietHours.path,
                    lazy: () =>
                      import('./routes/app/quiet-hours').then((module) => ({
                        Component: module.QuietHoursRoute,
                      })),
                  },
                  {
                    path: paths.tourSettings.path,
                    lazy: () =>
                      import('./routes/app/tour-settings').then((module) => ({
                        Component: module.TourSettingsRoute,
                      })),
                  },
                  {
                    path: paths.audit.path,
                    lazy: () =>
                      import('./routes/app/audit').then((module) => ({
                        Component: module.AuditRoute,
                      })),
                  },
                ],
              },
            ],
          },
          {
            path: paths.leadEscalation.path,
            loader: leadEscalationLoader,
            lazy: () =>
              loadLeadRoute().then((module) => ({
                Component: module.LeadEscalationRoute,
              })),
          },
        ],
      },
      {
        // Public: the invitation link is the credential, whoever is signed in on this browser.
        path: paths.acceptInvite.path,
        lazy: () =>
          import('./routes/account/accept-invite').then((module) => ({
            Component: module.AcceptInviteRoute,
          })),
      },
      {
        id: ACCOUNT_ROUTE_ID,
        path: paths.account.path,
        loader: accountLoader,
        children: [
          { index: true, ...redirectRoute(paths.login.getHref()) },
          {
            path: paths.login.path,
            lazy: () =>
              import('./routes/account/login').then((module) => ({ Component: module.LoginRoute })),
          },
        ],
      },
      {
        path: paths.secureAccess.path,
        lazy: () =>
          import('./routes/secure-access').then((module) => ({
            Component: module.SecureAccessRoute,
          })),
      },
      {
        path: paths.notFound.path,
        loader: notFoundGuard,
        lazy: () =>
          import('./routes/not-found').then((module) => ({ Component: module.NotFoundRoute })),
      },
      { path: '*', ...redirectRoute(paths.account.getHref()) },
    ],
  },
];

/**
 * The staff app's route table, the same on every staff host. The payment host never gets here:
 * main.tsx starts payment-domain mode with its own table (payment-router.tsx) instead.
 */
export function getRouteTable(_hostname: string): RouteObject[] {
  return normalRouteTable;
}

export function createAppRouter() {
  return createBrowserRouter(getRouteTable(window.location.hostname));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
