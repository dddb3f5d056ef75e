/** HTTP paths shared by the server's routes and the web client. */
export const apiPaths = {
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  me: '/api/me',
  config: '/api/config',
  properties: '/api/properties',
  propertyLeads: (propertyId: string) => `/api/properties/${propertyId}/leads`,
  lead: (propertyId: string, pmsLeadId: string) =>
    `/api/properties/${propertyId}/leads/${encodeURIComponent(pmsLeadId)}`,
  leadConversations: (leadID: string) => `/api/leads/${leadID}/conversations`,
  leadNotes: (leadID: string) => `/api/leads/${leadID}/notes`,
  leadSms: (leadID: string) => `/api/leads/${leadID}/sms`,
  leadEmail: (leadID: string) => `/api/leads/${leadID}/email`,
  outbox: '/api/outbox',
  unmatchedMessages: '/api/unmatched-messages',
  sandboxInboundSms: '/api/sandbox/inbound-sms',
  inbox: '/api/inbox',
  leadRead: (leadID: string) => `/api/leads/${leadID}/read`,
  tours: '/api/tours',
  propertyTours: (propertyId: string) => `/api/properties/${propertyId}/tours`,
  officeDecision: (companyID: string, leadID: string) =>
    `/api/companies/${companyID}/leads/${leadID}/office-decision`,
  leadAccessLinks: (leadID: string) => `/api/leads/${leadID}/access-links`,
  secureAccessLead: '/api/secure-access/lead',
  apiKeys: '/api/api-keys',
  apiKey: (apiKeyId: string) => `/api/api-keys/${apiKeyId}`,
  leadPaymentLinks: (leadID: string) => `/api/leads/${leadID}/payment-links`,
  /** Payment host only: the link a token opens (`?t=`). */
  payLink: '/api/pay/link',
  /** Payment host only: pay a link with a card (sandbox provider). */
  payCheckout: '/api/pay/checkout',
  /** Payment host only: start a Stripe Checkout Session for a link. */
  payCheckoutSession: '/api/pay/checkout-session',
} as const;

/** Header that asks the server to decompress lz-string-compressed query values. */
export const COMPRESSED_PARAMS_HEADER = 'x-compressed-params';
