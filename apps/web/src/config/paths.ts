/** Query parameter carrying a one-off credential in secure links. */
export const ACCESS_TOKEN_PARAM = 'access_token';
/** Query parameter telling the login page where to continue. */
export const RETURN_URL_PARAM = 'returnUrl';
/** Query parameter of the dashboard naming the property whose leads are shown. */
export const SELECTED_PROPERTY_PARAM = 'property';
/** Query parameter of the dashboard naming its view: the inbox (left out) or `tours`. */
export const DASHBOARD_VIEW_PARAM = 'view';

/**
 * Every route of the app, declared once. `path` is what the router matches; `getHref` builds a link.
 * Plain data with no imports: the React-free API client uses it too.
 */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  main: {
    path: '/main',
    getHref: () => '/main',
  },
  dashboard: {
    path: '/main/dashboard',
    getHref: (propertyId?: string) =>
      propertyId
        ? `/main/dashboard?${SELECTED_PROPERTY_PARAM}=${encodeURIComponent(propertyId)}`
        : '/main/dashboard',
  },
  today: {
    path: '/main/today',
    getHref: () => '/main/today',
  },
  outbox: {
    path: '/main/outbox',
    getHref: () => '/main/outbox',
  },
  unmatched: {
    path: '/main/unmatched',
    getHref: () => '/main/unmatched',
  },
  reports: {
    path: '/main/reports',
    /** `search`: the report's URL parameters (range, property, views), without the `?`. */
    getHref: (search = '') => (search ? `/main/reports?${search}` : '/main/reports'),
  },
  reportLeads: {
    path: '/main/reports/leads',
    /** `search`: the report's parameters and the figure's (`figure`, `group`, …). */
    getHref: (search: string) => `/main/reports/leads?${search}`,
  },
  workload: {
    path: '/main/team/workload',
    /** `search`: the property and the person open below the table, without the `?`. */
    getHref: (search = '') => (search ? `/main/team/workload?${search}` : '/main/team/workload'),
  },
  apiKeys: {
    path: '/main/settings/api-keys',
    getHref: () => '/main/settings/api-keys',
  },
  numbers: {
    path: '/main/settings/numbers',
    getHref: () => '/main/settings/numbers',
  },
  assignment: {
    path: '/main/settings/assignment',
    getHref: () => '/main/settings/assignment',
  },
  pipeline: {
    path: '/main/settings/pipeline',
    getHref: () => '/main/settings/pipeline',
  },
  sources: {
    path: '/main/settings/sources',
    getHref: () => '/main/settings/sources',
  },
  team: {
    path: '/main/settings/team',
    getHref: () => '/main/settings/team',
  },
  acceptInvite: {
    path: '/account/accept-invite',
    getHref: (token: string) => `/account/accept-invite?token=${encodeURIComponent(token)}`,
  },
  webhooks: {
    path: '/main/settings/webhooks',
    getHref: () => '/main/settings/webhooks',
  },
  officeHours: {
    path: '/main/settings/office-hours',
    getHref: () => '/main/settings/office-hours',
  },
  quietHours: {
    path: '/main/settings/quiet-hours',
    getHref: () => '/main/settings/quiet-hours',
  },
  tourSettings: {
    path: '/main/settings/tours',
    getHref: () => '/main/settings/tours',
  },
  tourAvailability: {
    path: '/main/settings/tour-availability',
    /** `propertyId`: the property whose availability opens; else the first one. */
    getHref: (propertyId?: string) =>
      propertyId
        ? `/main/settings/tour-availability?${SELECTED_PROPERTY_PARAM}=${encodeURIComponent(propertyId)}`
        : '/main/settings/tour-availability',
  },
  calls: {
    path: '/main/settings/calls',
    /** `propertyId`: the property whose call settings open; else the first one. */
    getHref: (propertyId?: string) =>
      propertyId
        ? `/main/settings/calls?${SELECTED_PROPERTY_PARAM}=${encodeURIComponent(propertyId)}`
        : '/main/settings/calls',
  },
  templates: {
    path: '/main/settings/templates',
    getHref: () => '/main/settings/templates',
  },
  audit: {
    path: '/main/settings/audit',
    getHref: () => '/main/settings/audit',
  },
  account: {
    path: '/account',
    getHref: () => '/account',
  },
  login: {
    path: '/account/login',
    getHref: (params: { accessToken?: string; returnUrl?: string } = {}) => {
      const search = new URLSearchParams();
      if (params.accessToken) search.set(ACCESS_TOKEN_PARAM, params.accessToken);
      if (params.returnUrl) search.set(RETURN_URL_PARAM, params.returnUrl);
      const query = search.toString();
      return query ? `/account/login?${query}` : '/account/login';
    },
  },
  secureAccess: {
    path: '/secure-access',
    /** `returnUrl`: the lead pane the link was opened for, when it named one. */
    getHref: (params: { accessToken?: string; returnUrl?: string } = {}) => {
      const search = new URLSearchParams();
      if (params.accessToken) search.set(ACCESS_TOKEN_PARAM, params.accessToken);
      if (params.returnUrl) search.set(RETURN_URL_PARAM, params.returnUrl);
      const query = search.toString();
      return query ? `/secure-access?${query}` : '/secure-access';
    },
  },
  leadEscalation: {
    path: '/properties/:propertyId/leads/:pmsLeadId/escalation',
    getHref: (propertyId: string, pmsLeadId: string) =>
      `/properties/${encodeURIComponent(propertyId)}/leads/${encodeURIComponent(pmsLeadId)}/escalation`,
  },
  notFound: {
    path: '/not-found',
    getHref: () => '/not-found',
  },
} as const;
