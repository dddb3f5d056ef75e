/**
 * Every route of the server as a Fastify pattern: the one definition of its path and of its
 * parameters' names (camelCase; `pmsLeadId` when it holds the PMS lead id). The server registers
 * these; `apiPaths` fills them, so a client path cannot drift from its route.
 */
export const apiRoutes = {
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  me: '/api/me',
  jwks: '/.well-known/jwks.json',
  config: '/api/config',
  healthz: '/healthz',
  readyz: '/readyz',
  properties: '/api/properties',
  propertyLeads: '/api/properties/:propertyId/leads',
  lead: '/api/properties/:propertyId/leads/:pmsLeadId',
  leadConversations: '/api/leads/:leadId/conversations',
  leadConversationsAround: '/api/leads/:leadId/conversations/around',
  leadConversationsSearch: '/api/leads/:leadId/conversations/search',
  leadNotes: '/api/leads/:leadId/notes',
  leadDetails: '/api/leads/:leadId',
  leadSms: '/api/leads/:leadId/sms',
  leadEmail: '/api/leads/:leadId/email',
  leadMessageRetry: '/api/leads/:leadId/messages/:messageId/retry',
  leadMessageSchedule: '/api/leads/:leadId/messages/:messageId/schedule',
  leadMessageSendNow: '/api/leads/:leadId/messages/:messageId/send-now',
  outbox: '/api/outbox',
  media: '/media/:file',
  unmatchedMessages: '/api/unmatched-messages',
  unmatchedCount: '/api/unmatched-messages/count',
  unmatchedAssign: '/api/unmatched-messages/:messageId/assign',
  unmatchedCreateLead: '/api/unmatched-messages/:messageId/lead',
  unmatchedDismiss: '/api/unmatched-messages/:messageId/dismiss',
  sandboxInboundSms: '/api/sandbox/inbound-sms',
  inbox: '/api/inbox',
  inboxExport: '/api/inbox/export.csv',
  leadRead: '/api/leads/:leadId/read',
  leadOwner: '/api/leads/:leadId/owner',
  leadsOwner: '/api/leads/owner',
  staff: '/api/staff',
  today: '/api/today',
  workload: '/api/workload',
  assignmentRules: '/api/assignment-rules',
  propertyAssignment: '/api/properties/:propertyId/assignment',
  leadDraft: '/api/leads/:leadId/draft',
  leadFollowUp: '/api/leads/:leadId/follow-up',
  officeHoursSettings: '/api/settings/office-hours',
  responseTarget: '/api/settings/response-target',
  propertyOfficeHours: '/api/properties/:propertyId/office-hours',
  quietHours: '/api/settings/quiet-hours',
  tourSettings: '/api/settings/tours',
  callSettings: '/api/settings/calls',
  myTourCalendar: '/api/me/tour-calendar',
  tourCalendarFeed: '/api/public/tour-calendar/:file',
  tours: '/api/tours',
  propertyTours: '/api/properties/:propertyId/tours',
  propertyTourAvailability: '/api/properties/:propertyId/tour-availability',
  propertyTourSlots: '/api/properties/:propertyId/tour-slots',
  propertyVoice: '/api/properties/:propertyId/voice',
  callRecording: '/api/calls/:callId/recording',
  leadCalls: '/api/leads/:leadId/calls',
  leadCallsSimulate: '/api/leads/:leadId/calls/simulate',
  leadTours: '/api/leads/:leadId/tours',
  tour: '/api/tours/:tourId',
  leadBookingLink: '/api/leads/:leadId/booking-link',
  publicBooking: '/api/public/book/:propertyId',
  publicBookingSlots: '/api/public/book/:propertyId/slots',
  publicBookingCode: '/api/public/book/:propertyId/code',
  publicBookingCancel: '/api/public/book/:propertyId/cancel',
  officeDecision: '/api/companies/:companyId/leads/:leadId/office-decision',
  officeDecisionReopen: '/api/companies/:companyId/leads/:leadId/office-decision/reopen',
  leadStatus: '/api/leads/:leadId/status',
  leadTourOutcome: '/api/leads/:leadId/tour-outcome',
  lostReasons: '/api/lost-reasons',
  lostReason: '/api/lost-reasons/:reasonId',
  leadAccessLinks: '/api/leads/:leadId/access-links',
  secureAccessLead: '/api/secure-access/lead',
  apiKeys: '/api/api-keys',
  apiKey: '/api/api-keys/:apiKeyId',
  numbers: '/api/numbers',
  number: '/api/numbers/:numberId',
  team: '/api/team',
  teamMember: '/api/team/:userId',
  teamDeactivate: '/api/team/:userId/deactivate',
  teamReactivate: '/api/team/:userId/reactivate',
  teamInvitations: '/api/team/invitations',
  teamInvitationLink: '/api/team/invitations/:invitationId/link',
  teamInvitationRevoke: '/api/team/invitations/:invitationId/revoke',
  invitation: '/api/invitations/:token',
  invitationAccept: '/api/invitations/:token/accept',
  audit: '/api/audit',
  auditExport: '/api/audit/export',
  webhookEndpoints: '/api/webhooks/endpoints',
  webhookEndpoint: '/api/webhooks/endpoints/:endpointId',
  webhookEndpointRotateSecret: '/api/webhooks/endpoints/:endpointId/rotate-secret',
  webhookDeliveries: '/api/webhooks/deliveries',
  webhookDelivery: '/api/webhooks/deliveries/:deliveryId',
  webhookDeliveryRedeliver: '/api/webhooks/deliveries/:deliveryId/redeliver',
  leadPaymentLinks: '/api/leads/:leadId/payment-links',
  leadOptOutReview: '/api/leads/:leadId/opt-out-reviews/:eventId',
  leadSenderConfirmation: '/api/leads/:leadId/sender-confirmations/:eventId',
  unsubscribe: '/unsubscribe/:token',
  templates: '/api/templates',
  template: '/api/templates/:templateId',
  templateAttachments: '/api/templates/:templateId/attachments',
  templateAttachment: '/api/templates/:templateId/attachments/:attachmentId',
  leadTemplateRender: '/api/leads/:leadId/templates/:templateId/render',
  leadTemplateFit: '/api/leads/:leadId/templates/fit',
  notifications: '/api/notifications',
  notificationsRead: '/api/notifications/read',
  notificationsReadAll: '/api/notifications/read-all',
  payLink: '/api/pay/link',
  payCheckout: '/api/pay/checkout',
  payCheckoutSession: '/api/pay/checkout-session',
  integrationProperty: '/api/integrations/v1/properties/:pmsPropertyId',
  integrationLead: '/api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId',
  integrationLeadEvents: '/api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/events',
  integrationLeadStatus: '/api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/status',
  integrationLeadAccessLinks:
    '/api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/access-links',
  integrationTourSlots: '/api/integrations/v1/properties/:pmsPropertyId/tour-slots',
  integrationLeadTours: '/api/integrations/v1/properties/:pmsPropertyId/leads/:pmsLeadId/tours',
  integrationTour: '/api/integrations/v1/tours/:tourId',
  integrationReportsFunnel: '/api/integrations/v1/reports/funnel',
  integrationReportsSpeedToLead: '/api/integrations/v1/reports/speed-to-lead',
  integrationReportsFollowUp: '/api/integrations/v1/reports/follow-up',
  integrationReportsLeads: '/api/integrations/v1/reports/leads',
  integrationReportsLeadsCsv: '/api/integrations/v1/reports/leads.csv',
  reportsFunnel: '/api/reports/funnel',
  reportsSpeedToLead: '/api/reports/speed-to-lead',
  reportsFollowUp: '/api/reports/follow-up',
  reportsLeads: '/api/reports/leads',
  reportsLeadsCsv: '/api/reports/leads.csv',
  reportsDigest: '/api/reports/digest',
  leadSources: '/api/lead-sources',
  leadSource: '/api/lead-sources/:sourceId',
  leadSourceMerge: '/api/lead-sources/:sourceId/merge',
  leadSourceOfLead: '/api/leads/:leadId/source',
  twilioInbound: '/webhooks/twilio/inbound',
  twilioStatus: '/webhooks/twilio/status',
  twilioVoice: '/webhooks/twilio/voice',
  twilioVoiceDialStatus: '/webhooks/twilio/voice/dial-status',
  twilioVoiceWhisper: '/webhooks/twilio/voice/whisper',
  twilioVoiceStatus: '/webhooks/twilio/voice/status',
  twilioVoiceRecording: '/webhooks/twilio/voice/recording',
  twilioVoiceTranscription: '/webhooks/twilio/voice/transcription',
  twilioVoiceOutbound: '/webhooks/twilio/voice/outbound',
  twilioVoiceAnnounce: '/webhooks/twilio/voice/announce',
  emailInbound: '/webhooks/email/inbound',
  stripeWebhook: '/webhooks/stripe',
} as const;

/** The `:name` parameters of a route pattern, as a union of names. */
export type RouteParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route pattern with its parameters filled in, each URI-encoded. */
export const pathOf = <P extends string>(
  pattern: P,
  params: Record<RouteParamNames<P>, string>,
): string =>
  pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );

/** HTTP paths shared by the server's routes and the web client, filled from `apiRoutes`. */
export const apiPaths = {
  login: apiRoutes.login,
  refresh: apiRoutes.refresh,
  logout: apiRoutes.logout,
  me: apiRoutes.me,
  config: apiRoutes.config,
  properties: apiRoutes.properties,
  propertyLeads: (propertyId: string) => pathOf(apiRoutes.propertyLeads, { propertyId }),
  lead: (propertyId: string, pmsLeadId: string) =>
    pathOf(apiRoutes.lead, { propertyId, pmsLeadId }),
  leadConversations: (leadId: string) => pathOf(apiRoutes.leadConversations, { leadId }),
  /** The events around a moment (`?date=`), with cursors both ways. */
  leadConversationsAround: (leadId: string) =>
    pathOf(apiRoutes.leadConversationsAround, { leadId }),
  /** Matches of `?q=` inside the lead's conversation, newest first. */
  leadConversationsSearch: (leadId: string) =>
    pathOf(apiRoutes.leadConversationsSearch, { leadId }),
  leadNotes: (leadId: string) => pathOf(apiRoutes.leadNotes, { leadId }),
  leadDetails: (leadId: string) => pathOf(apiRoutes.leadDetails, { leadId }),
  leadSms: (leadId: string) => pathOf(apiRoutes.leadSms, { leadId }),
  leadEmail: (leadId: string) => pathOf(apiRoutes.leadEmail, { leadId }),
  /** 'Retry' of a failed message: a new attempt of it. */
  leadMessageRetry: (leadId: string, messageId: string) =>
    pathOf(apiRoutes.leadMessageRetry, { leadId, messageId }),
  leadMessageSchedule: (leadId: string, messageId: string) =>
    pathOf(apiRoutes.leadMessageSchedule, { leadId, messageId }),
  leadMessageSendNow: (leadId: string, messageId: string) =>
    pathOf(apiRoutes.leadMessageSendNow, { leadId, messageId }),
  outbox: apiRoutes.outbox,
  unmatchedMessages: apiRoutes.unmatchedMessages,
  unmatchedCount: apiRoutes.unmatchedCount,
  unmatchedAssign: (messageId: string) => pathOf(apiRoutes.unmatchedAssign, { messageId }),
  unmatchedCreateLead: (messageId: string) => pathOf(apiRoutes.unmatchedCreateLead, { messageId }),
  unmatchedDismiss: (messageId: string) => pathOf(apiRoutes.unmatchedDismiss, { messageId }),
  sandboxInboundSms: apiRoutes.sandboxInboundSms,
  inbox: apiRoutes.inbox,
  inboxExport: apiRoutes.inboxExport,
  leadRead: (leadId: string) => pathOf(apiRoutes.leadRead, { leadId }),
  leadOwner: (leadId: string) => pathOf(apiRoutes.leadOwner, { leadId }),
  /** Bulk: one owner for several leads. */
  leadsOwner: apiRoutes.leadsOwner,
  staff: apiRoutes.staff,
  today: apiRoutes.today,
  workload: apiRoutes.workload,
  assignmentRules: apiRoutes.assignmentRules,
  propertyAssignment: (propertyId: string) => pathOf(apiRoutes.propertyAssignment, { propertyId }),
  /** The signed-in user's draft on this lead (GET, PUT, DELETE). */
  leadDraft: (leadId: string) => pathOf(apiRoutes.leadDraft, { leadId }),
  leadFollowUp: (leadId: string) => pathOf(apiRoutes.leadFollowUp, { leadId }),
  officeHoursSettings: apiRoutes.officeHoursSettings,
  responseTarget: apiRoutes.responseTarget,
  propertyOfficeHours: (propertyId: string) =>
    pathOf(apiRoutes.propertyOfficeHours, { propertyId }),
  /** The company's quiet-hours policy (admins; GET, PUT). */
  quietHours: apiRoutes.quietHours,
  /** The company's tour settings: reminders, the no-show text, releasing (GET; PUT admins). */
  tourSettings: apiRoutes.tourSettings,
  callSettings: apiRoutes.callSettings,
  /** The signed-in person's tour calendar feed (GET; POST makes or renews it; DELETE turns it off). */
  myTourCalendar: apiRoutes.myTourCalendar,
  tours: apiRoutes.tours,
  reportsFunnel: apiRoutes.reportsFunnel,
  reportsSpeedToLead: apiRoutes.reportsSpeedToLead,
  reportsFollowUp: apiRoutes.reportsFollowUp,
  reportsLeads: apiRoutes.reportsLeads,
  reportsLeadsCsv: apiRoutes.reportsLeadsCsv,
  reportsDigest: apiRoutes.reportsDigest,
  leadSources: apiRoutes.leadSources,
  leadSource: (sourceId: string) => pathOf(apiRoutes.leadSource, { sourceId }),
  /** Moves every lead and number of this source to another, then removes it. */
  leadSourceMerge: (sourceId: string) => pathOf(apiRoutes.leadSourceMerge, { sourceId }),
  /** A lead's source, set by hand (any staff). */
  leadSourceOfLead: (leadId: string) => pathOf(apiRoutes.leadSourceOfLead, { leadId }),
  propertyTours: (propertyId: string) => pathOf(apiRoutes.propertyTours, { propertyId }),
  /** A property's tour types, hours and limits (GET: staff; PUT: managers and admins). */
  propertyTourAvailability: (propertyId: string) =>
    pathOf(apiRoutes.propertyTourAvailability, { propertyId }),
  /** The free tour slots of a property (`?from&to&type`). */
  propertyTourSlots: (propertyId: string) => pathOf(apiRoutes.propertyTourSlots, { propertyId }),
  /** A property's inbound-call settings: greeting, forwarding, voicemail, text-back (GET; PUT admins). */
  propertyVoice: (propertyId: string) => pathOf(apiRoutes.propertyVoice, { propertyId }),
  /** A call's voicemail recording, streamed through the console (staff). */
  callRecording: (callId: string) => pathOf(apiRoutes.callRecording, { callId }),
  /** Click-to-call (POST): Twilio rings the caller's own phone, then the lead. */
  leadCalls: (leadId: string) => pathOf(apiRoutes.leadCalls, { leadId }),
  /** The sandbox's simulated call from the lead (POST `{ outcome }`). */
  leadCallsSimulate: (leadId: string) => pathOf(apiRoutes.leadCallsSimulate, { leadId }),
  /** Books a tour for the lead (POST). */
  leadTours: (leadId: string) => pathOf(apiRoutes.leadTours, { leadId }),
  /** One booked tour: PATCH reschedules or confirms it, DELETE cancels it. */
  tour: (tourId: string) => pathOf(apiRoutes.tour, { tourId }),
  /** The lead's own booking link (staff). */
  leadBookingLink: (leadId: string) => pathOf(apiRoutes.leadBookingLink, { leadId }),
  /** The public booking page's property (GET) and its booking (POST): no sign-in. */
  publicBooking: (propertyId: string) => pathOf(apiRoutes.publicBooking, { propertyId }),
  publicBookingSlots: (propertyId: string) => pathOf(apiRoutes.publicBookingSlots, { propertyId }),
  /** Texts the booker a one-time code (POST). */
  publicBookingCode: (propertyId: string) => pathOf(apiRoutes.publicBookingCode, { propertyId }),
  /** A lead's own link cancels their tour ahead (POST). */
  publicBookingCancel: (propertyId: string) =>
    pathOf(apiRoutes.publicBookingCancel, { propertyId }),
  officeDecision: (companyId: string, leadId: string) =>
    pathOf(apiRoutes.officeDecision, { companyId, leadId }),
  /** 'Undo' of a completion, within a minute of it. */
  officeDecisionReopen: (companyId: string, leadId: string) =>
    pathOf(apiRoutes.officeDecisionReopen, { companyId, leadId }),
  leadStatus: (leadId: string) => pathOf(apiRoutes.leadStatus, { leadId }),
  leadTourOutcome: (leadId: string) => pathOf(apiRoutes.leadTourOutcome, { leadId }),
  lostReasons: apiRoutes.lostReasons,
  lostReason: (reasonId: string) => pathOf(apiRoutes.lostReason, { reasonId }),
  leadAccessLinks: (leadId: string) => pathOf(apiRoutes.leadAccessLinks, { leadId }),
  secureAccessLead: apiRoutes.secureAccessLead,
  apiKeys: apiRoutes.apiKeys,
  apiKey: (apiKeyId: string) => pathOf(apiRoutes.apiKey, { apiKeyId }),
  numbers: apiRoutes.numbers,
  number: (numberId: string) => pathOf(apiRoutes.number, { numberId }),
  team: apiRoutes.team,
  teamMember: (userId: string) => pathOf(apiRoutes.teamMember, { userId }),
  teamDeactivate: (userId: string) => pathOf(apiRoutes.teamDeactivate, { userId }),
  teamReactivate: (userId: string) => pathOf(apiRoutes.teamReactivate, { userId }),
  teamInvitations: apiRoutes.teamInvitations,
  /** A new link for a pending invitation (the one it replaces stops working). */
  teamInvitationLink: (invitationId: string) =>
    pathOf(apiRoutes.teamInvitationLink, { invitationId }),
  teamInvitationRevoke: (invitationId: string) =>
    pathOf(apiRoutes.teamInvitationRevoke, { invitationId }),
  /** Public: who an invitation is for (the accept page). */
  invitation: (token: string) => pathOf(apiRoutes.invitation, { token }),
  /** Public: choose a password, create the account and sign in. */
  invitationAccept: (token: string) => pathOf(apiRoutes.invitationAccept, { token }),
  audit: apiRoutes.audit,
  /** CSV of every entry the filters select (same query parameters as `audit`, no paging). */
  auditExport: apiRoutes.auditExport,
  webhookEndpoints: apiRoutes.webhookEndpoints,
  webhookEndpoint: (endpointId: string) => pathOf(apiRoutes.webhookEndpoint, { endpointId }),
  webhookEndpointRotateSecret: (endpointId: string) =>
    pathOf(apiRoutes.webhookEndpointRotateSecret, { endpointId }),
  /** Keyset pages of the delivery log, newest first (filters: `endpointId`, `status`). */
  webhookDeliveries: apiRoutes.webhookDeliveries,
  webhookDelivery: (deliveryId: string) => pathOf(apiRoutes.webhookDelivery, { deliveryId }),
  /** Queues the delivery again, with the same id. */
  webhookDeliveryRedeliver: (deliveryId: string) =>
    pathOf(apiRoutes.webhookDeliveryRedeliver, { deliveryId }),
  leadPaymentLinks: (leadId: string) => pathOf(apiRoutes.leadPaymentLinks, { leadId }),
  /** Decides a lead's text flagged as a possible opt-out. */
  leadOptOutReview: (leadId: string, eventId: string) =>
    pathOf(apiRoutes.leadOptOutReview, { leadId, eventId }),
  /** Confirms the sender of a lead's email that failed verification: it counts as a reply then. */
  leadSenderConfirmation: (leadId: string, eventId: string) =>
    pathOf(apiRoutes.leadSenderConfirmation, { leadId, eventId }),
  /** The templates the caller may use: the company's and their own (GET), or a new one (POST). */
  templates: apiRoutes.templates,
  template: (templateId: string) => pathOf(apiRoutes.template, { templateId }),
  /** Add files to a template (multipart, one `attachments` part per file). */
  templateAttachments: (templateId: string) =>
    pathOf(apiRoutes.templateAttachments, { templateId }),
  /** Remove one file from a template. */
  templateAttachment: (templateId: string, attachmentId: string) =>
    pathOf(apiRoutes.templateAttachment, { templateId, attachmentId }),
  /** The template filled for this lead (its language variant, merge fields). */
  leadTemplateRender: (leadId: string, templateId: string) =>
    pathOf(apiRoutes.leadTemplateRender, { leadId, templateId }),
  /** Which templates fit this lead (every field has a value), previewed with its values. */
  leadTemplateFit: (leadId: string) => pathOf(apiRoutes.leadTemplateFit, { leadId }),
  notifications: apiRoutes.notifications,
  notificationsRead: apiRoutes.notificationsRead,
  notificationsReadAll: apiRoutes.notificationsReadAll,
  /** Payment host only: the link a token opens (`?t=`). */
  payLink: apiRoutes.payLink,
  /** Payment host only: pay a link with a card (sandbox provider). */
  payCheckout: apiRoutes.payCheckout,
  /** Payment host only: start a Stripe Checkout Session for a link. */
  payCheckoutSession: apiRoutes.payCheckoutSession,
} as const;

/** Header that asks the server to decompress lz-string-compressed query values. */
export const COMPRESSED_PARAMS_HEADER = 'x-compressed-params';

/** A map search for an address (Google Maps' documented URL): the booking page, the tour's email. */
export const mapSearchUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
