import type {
  ConversationEvent,
  Lead,
  LeadSummary,
  Me,
  PaymentLink,
  PaymentLinkEventData,
  Property,
} from '@leasing/contract';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like the server's ID token (not signed: only the shape is checked here). */
export function fakeJwt(claims: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 900, ...claims }),
  );
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

/** The signed-in user of most tests: an admin, as the seeded demo@leasing.test, without a phone. */
export const demoUser: Me = {
  _id: 'user-1',
  email: 'demo@leasing.test',
  name: 'Dana Agent',
  picture: null,
  companyID: 'company-1',
  companyName: 'Riverside Living',
  companyStatus: 'ACTIVE',
  role: 'admin',
  phone: null,
};

/** A colleague without the admin pages (API keys, Numbers), as the server's seeded agent. */
export const agentUser: Me = {
  ...demoUser,
  _id: 'user-3',
  email: 'priya@leasing.test',
  name: 'Priya Shah',
  role: 'agent',
};

export const properties: Property[] = [
  {
    _id: '0b6c1f7e-3c7a-4f3e-9d7a-2d6f1f0c9a11',
    name: 'Maple Court',
    pmsPropertyId: 'PMS-100',
    address: '12 Maple St, Springfield',
    leadCount: 3,
  },
  {
    _id: '5d2a7c3b-8e1f-4a6d-9b0c-7f3e2d1a4b5c',
    name: 'Harbor View',
    pmsPropertyId: 'PMS-200',
    address: null,
    leadCount: 0,
  },
];

export function leadSummary(overrides: Partial<LeadSummary> = {}): LeadSummary {
  return {
    _id: 'lead-1',
    pmsLeadId: 'L-1',
    propertyID: properties[0]!._id,
    name: 'Jordan Prospect',
    phone: '+1 555 0100',
    email: 'jordan@example.com',
    phoneOptStatus: 'OPT_IN',
    emailOptStatus: 'NO_INDICATION',
    emailBouncedAt: null,
    officeDecisionStatus: null,
    tourDateUTC: null,
    lastActivityAt: '2026-11-22T15:05:00.000Z',
    owner: { kind: 'unassigned' },
    status: 'NEW',
    followUpAt: null,
    ...overrides,
  };
}

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    _id: 'lead-1',
    pmsLeadId: 'L/1',
    propertyID: properties[0]!._id,
    propertyName: 'Maple Court',
    name: 'Jordan Prospect',
    phone: '+1 555 0100',
    email: 'jordan@example.com',
    companyID: 'company-1',
    companyName: 'Riverside Living',
    companyRegisteredLeasingEmail: 'leasing@riverside.test',
    companyStatus: 'ACTIVE',
    companyTimeZone: 'America/Chicago',
    tourDateUTC: '2026-11-24T18:30:00.000Z',
    phoneOptStatus: 'OPT_IN',
    emailOptStatus: 'OPT_OUT',
    emailBouncedAt: null,
    consent: { sms: null, email: null },
    preferredLanguage: null,
    officeDecisionState: {
      status: 'PENDING',
      completedAt: null,
      completedByUserName: null,
      outcome: null,
    },
    owner: { kind: 'unassigned' },
    status: 'NEW',
    lostReason: null,
    source: null,
    tourOutcomePending: false,
    followUpAt: null,
    propertyTimeZone: 'America/Chicago',
    timeZone: { zone: 'America/Chicago', label: 'Central', source: 'area-code' },
    propertyA2pUnregisteredAt: null,
    lights: {
      needsReply: false,
      waitingSince: null,
      followUpOverdue: false,
      noContact48h: false,
      speedToLead: null,
    },
    notes: [],
    conversations: [],
    conversationsCursor: null,
    ...overrides,
  };
}

let eventCounter = 0;

/** One timeline event; unique id and a date a minute after the previous one unless given. */
export function conversationEvent(overrides: Partial<ConversationEvent> = {}): ConversationEvent {
  eventCounter += 1;
  return {
    _id: `event-${eventCounter}`,
    leadID: 'lead-1',
    eventType: 'SMS',
    date: new Date(Date.UTC(2026, 10, 18, 15, 0) + eventCounter * 60_000).toISOString(),
    body: `Message ${eventCounter}`,
    senderName: 'Jordan Prospect',
    senderType: 'LEAD',
    iconURL: null,
    subject: null,
    sendingStatus: null,
    attachmentsUrls: [],
    data: {},
    eventByUserName: null,
    ...overrides,
  };
}

/**
 * One event of every type, oldest first, as the pane shows them. `lead({ conversations })` wants
 * them newest first: reverse.
 */
export function oneEventOfEachType(): ConversationEvent[] {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 18, 14, minutes)).toISOString();
  return [
    conversationEvent({
      _id: 'activation',
      eventType: 'ACTIVATION',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Lead re-activated after 30 days of silence',
      date: at(0),
      data: { reActivationDate: '2026-11-18T14:00:00.000Z' },
    }),
    conversationEvent({
      _id: 'sms-in',
      body: 'Is the 2 bedroom still available?\nThanks!',
      date: at(1),
    }),
    conversationEvent({
      _id: 'sms-photo',
      body: 'Here is the living room',
      date: at(2),
      attachmentsUrls: [
        {
          url: '/media/living-room.png',
          thumbnailUrl: '/media/living-room-thumb.png',
          fileName: 'living-room.png',
        },
      ],
    }),
    conversationEvent({
      _id: 'sms-assistant',
      senderType: 'ASSISTANT',
      senderName: 'Leasing Assistant',
      iconURL: '/media/assistant.svg',
      body: 'Yes, unit 3B is available March 1.',
      sendingStatus: 'COMPLETED',
      date: at(3),
    }),
    conversationEvent({
      _id: 'office-decision',
      eventType: 'OFFICE_DECISION',
      senderType: 'ASSISTANT',
      senderName: 'Leasing Assistant',
      body: 'The assistant needs a decision: are two cats allowed?',
      date: at(4),
    }),
    conversationEvent({
      _id: 'sms-failed',
      senderType: 'USER',
      senderName: 'Dana Agent',
      body: 'Please call the office.',
      sendingStatus: 'FAILED',
      date: at(5),
      data: { failureReason: 'The carrier rejected the message' },
    }),
    conversationEvent({
      _id: 'sms-queued',
      senderType: 'USER',
      senderName: 'Dana Agent',
      body: 'We will check the pet policy.',
      sendingStatus: 'PENDING',
      date: at(6),
    }),
    conversationEvent({
      _id: 'email-out',
      eventType: 'EMAIL',
      senderType: 'USER',
      senderName: 'Dana Agent',
      subject: 'Your application',
      body: 'Could you send your pay stubs?',
      sendingStatus: 'IN_PROGRESS',
      date: at(7),
    }),
    conversationEvent({
      _id: 'email-in',
      eventType: 'EMAIL',
      subject: 'Re: Your application',
      body: 'Adjunto mis recibos de pago.',
      date: at(8),
      data: {
        html: '<p>Adjunto mis <b>recibos de pago</b>.</p><img src="https://tracker.example/p.gif"><script>alert(1)</script>',
        translation: { body: { textInEnglish: 'Attached are my pay stubs.' } },
      },
    }),
    conversationEvent({
      _id: 'call',
      eventType: 'CALL',
      body: 'Inbound call, 3 min 12 s',
      date: at(9),
      data: {
        durationSeconds: 192,
        transcript: [
          { speaker: 'AGENT', text: 'Maple Court, how can I help?' },
          { speaker: 'LEAD', text: 'I want to rebook my tour.' },
        ],
      },
    }),
    conversationEvent({
      _id: 'payment',
      eventType: 'PAYMENT',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Payment received: December rent',
      date: at(10),
      data: { amount: 1650, currency: 'USD' },
    }),
    conversationEvent({
      _id: 'reminder-call',
      eventType: 'PHONEBOT_REMINDER_CALL',
      senderType: 'ASSISTANT',
      senderName: 'Phone Bot',
      body: 'Reminder call placed for the upcoming tour.',
      date: at(11),
      data: { durationSeconds: 41 },
    }),
    conversationEvent({
      _id: 'ivr-call',
      eventType: 'PHONEBOT_IVR_CALL',
      body: 'Chose "maintenance" in the menu.',
      date: at(12),
      data: { durationSeconds: 65 },
    }),
    conversationEvent({
      _id: 'debt',
      eventType: 'MOVED_TO_DEBT',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Balance moved to collections',
      date: at(13),
      data: { amount: 2310, currency: 'USD' },
    }),
    conversationEvent({
      _id: 'tour-scheduled',
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Tour scheduled',
      eventByUserName: 'Priya Shah',
      date: at(14),
      data: {
        tourTypeID: 'IN_PERSON',
        tourDateString: 'Nov 21, 2026',
        tourFromTimeString: '9:00 AM',
      },
    }),
    conversationEvent({
      _id: 'tour-canceled',
      eventType: 'CANCELED_TOUR_APPOINTMENT',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Tour cancelled by the lead',
      eventByUserName: 'Priya Shah',
      date: at(15),
      data: {
        tourTypeID: 'VIRTUAL_TOUR',
        tourDateString: 'Nov 21, 2026',
        tourFromTimeString: '9:00 AM',
      },
    }),
    conversationEvent({
      _id: 'intent',
      eventType: 'LEAD_INTENT_UPDATE',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Lead intent changed',
      date: at(16),
      data: { intent: 'NOT_INTERESTED' },
    }),
    conversationEvent({
      _id: 'language',
      eventType: 'LANGUAGE_PREFERENCE_UPDATE',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Preferred language changed',
      date: at(17),
      data: { language: 'es' },
    }),
    conversationEvent({
      _id: 'decision-completed',
      eventType: 'OFFICE_DECISION',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Decision marked as completed',
      eventByUserName: 'Marcus Lee',
      date: at(18),
      data: { status: 'COMPLETED' },
    }),
    conversationEvent({
      _id: 'consent-change',
      eventType: 'CONSENT_CHANGE',
      senderType: 'USER',
      senderName: 'Dana Whitfield',
      body: 'Opted out of texts by Dana Whitfield',
      eventByUserName: 'Dana Whitfield',
      date: at(19),
      data: { consent: { channel: 'SMS', status: 'OPT_OUT', source: 'staff' } },
    }),
    conversationEvent({
      _id: 'contact-change',
      eventType: 'CONTACT_CHANGE',
      senderType: 'USER',
      senderName: 'Dana Whitfield',
      body: 'Phone (512) 555-0199 added by Dana Whitfield',
      eventByUserName: 'Dana Whitfield',
      date: at(19),
      data: { changes: [{ field: 'phone', before: null, after: '+15125550199' }] },
    }),
    conversationEvent({
      _id: 'decision-reopened',
      eventType: 'DECISION_REOPENED',
      senderType: 'USER',
      senderName: 'Marcus Lee',
      body: 'Decision reopened',
      eventByUserName: 'Marcus Lee',
      date: at(19),
      data: { status: 'PENDING' },
    }),
    conversationEvent({
      _id: 'status-lost',
      eventType: 'LEAD_STATUS_CHANGE',
      senderType: 'USER',
      senderName: 'Dana Whitfield',
      body: 'Marked lost: Price — Found a cheaper studio',
      eventByUserName: 'Dana Whitfield',
      date: at(20),
      data: {
        before: 'CONTACTED',
        after: 'LOST',
        lostReason: 'Price',
        note: 'Found a cheaper studio',
      },
    }),
    conversationEvent({
      _id: 'owner-changed',
      eventType: 'OWNER_CHANGED',
      senderType: 'SYSTEM',
      senderName: null,
      body: 'Assigned to Priya Shah by Dana Whitfield',
      eventByUserName: 'Dana Whitfield',
      date: at(21),
      data: {},
    }),
  ];
}

let paymentLinkCounter = 0;

/** A payment link as staff see it: $1,650.00 for December rent, sent by SMS, active for a week. */
export function paymentLink(overrides: Partial<PaymentLink> = {}): PaymentLink {
  paymentLinkCounter += 1;
  const createdAt = new Date(Date.now() - 60 * 60_000);
  return {
    id: `payment-link-${paymentLinkCounter}`,
    leadID: 'lead-1',
    amountCents: 165000,
    currency: 'USD',
    description: 'December rent',
    dueDate: '2026-12-01',
    status: 'ACTIVE',
    url: `https://pay.localhost/?t=token-${paymentLinkCounter}`,
    channel: 'SMS',
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + 7 * 24 * 60 * 60_000).toISOString(),
    openedAt: null,
    paidAt: null,
    createdByUserName: 'Dana Agent',
    ...overrides,
  };
}

/** One PAYMENT event of a payment link's life, as the server writes it (`data.amount` in dollars). */
export function paymentLinkEvent(
  stage: PaymentLinkEventData['stage'],
  overrides: Partial<ConversationEvent> = {},
  link: Partial<PaymentLinkEventData> = {},
): ConversationEvent {
  return conversationEvent({
    eventType: 'PAYMENT',
    senderType: 'SYSTEM',
    senderName: null,
    body: 'Payment link for $1,650.00: December rent, due Dec 1, 2026',
    data: {
      amount: 1650,
      currency: 'USD',
      paymentLink: {
        id: 'payment-link-1',
        stage,
        description: 'December rent',
        dueDate: '2026-12-01',
        channel: 'SMS',
        ...link,
      },
    },
    ...overrides,
  });
}
