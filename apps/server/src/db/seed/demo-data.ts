import {
  DELIVERY_FAILURES,
  type ConsentChannel,
  type ConsentSource,
  type EventType,
  type OptStatus,
  type LeadStatus,
  type StaffRole,
} from '@leasing/contract';
import type {
  NewConsentChangeRow,
  NewConversationEventRow,
  NewLeadRow,
  companies,
  notes,
  phoneNumbers,
  properties,
  users,
} from '../schema/index.js';
import type { GeneratedHistory } from './generated-history.js';
import { seedId } from './seed-ids.js';
import { buildDemoTemplates } from './demo-templates.js';

export const DEMO_COMPANY_ID = seedId('company:demo');
export const OTHER_COMPANY_ID = seedId('company:other');
/** Harbor Point Residential's own SMS number, for its properties without one. */
export const HARBOR_POINT_NUMBER = '+16195550390';

const HOUR = 3_600_000;
/** Demo Leasing's office zone: the tour strings the PMS sends are written in it. */
const DEMO_TIME_ZONE = 'America/Chicago';
/** Leads whose long histories are generated in the database: a year of events each. */
const GENERATED_HISTORY_SIZES: Record<string, number> = { ethan: 2000, zoe: 10_000 };
const DAY = 24 * HOUR;
const ASSISTANT_ICON = '/media/demo/assistant.svg';

type Staff = { id: string; name: string; companyId: string; email: string; role: StaffRole };
type EventInput = Omit<NewConversationEventRow, 'companyId' | 'leadId' | 'date'> & {
  hoursAgo: number;
};

const staff = {
  dana: {
    id: seedId('user:dana'),
    name: 'Dana Whitfield',
    email: 'demo@leasing.test',
    companyId: DEMO_COMPANY_ID,
    role: 'admin',
  },
  marcus: {
    id: seedId('user:marcus'),
    name: 'Marcus Lee',
    email: 'marcus@leasing.test',
    companyId: DEMO_COMPANY_ID,
    role: 'manager',
  },
  priya: {
    id: seedId('user:priya'),
    name: 'Priya Shah',
    email: 'priya@leasing.test',
    companyId: DEMO_COMPANY_ID,
    role: 'agent',
  },
  olivia: {
    id: seedId('user:olivia'),
    name: 'Olivia Grant',
    email: 'other@leasing.test',
    companyId: OTHER_COMPANY_ID,
    role: 'admin',
  },
} satisfies Record<string, Staff>;

const fromLead = (
  name: string,
  body: string,
  hoursAgo: number,
  extra: Partial<EventInput> = {},
): EventInput => ({
  eventType: 'SMS',
  senderType: 'LEAD',
  senderName: name,
  body,
  hoursAgo,
  ...extra,
});
const fromStaff = (
  who: Staff,
  body: string,
  hoursAgo: number,
  extra: Partial<EventInput> = {},
): EventInput => ({
  eventType: 'SMS',
  senderType: 'USER',
  senderName: who.name,
  body,
  sendingStatus: 'COMPLETED',
  hoursAgo,
  ...extra,
});
const fromAssistant = (
  body: string,
  hoursAgo: number,
  extra: Partial<EventInput> = {},
): EventInput => ({
  eventType: 'SMS',
  senderType: 'ASSISTANT',
  senderName: 'Leasing Assistant',
  iconUrl: ASSISTANT_ICON,
  body,
  sendingStatus: 'COMPLETED',
  hoursAgo,
  ...extra,
});
const system = (
  eventType: EventType,
  body: string,
  hoursAgo: number,
  extra: Partial<EventInput> = {},
): EventInput => ({
  eventType,
  senderType: 'SYSTEM',
  senderName: null,
  body,
  hoursAgo,
  ...extra,
});

/** As the pipeline's backfill sets it: a tour is scheduled, or someone wrote to the lead. */
const statusOf = (
  seed: { tourInHours?: number },
  events: { eventType: EventType; senderType: string }[],
): LeadStatus => {
  if (seed.tourInHours !== undefined) return 'TOUR_SCHEDULED';
  const wroteToLead = events.some(
    (event) =>
      (event.eventType === 'SMS' || event.eventType === 'EMAIL') && event.senderType !== 'LEAD',
  );
  return wroteToLead ? 'CONTACTED' : 'NEW';
};

type LeadSeed = {
  key: string;
  property: string;
  name: string;
  phone?: string;
  email?: string;
  phoneOptStatus?: NewLeadRow['phoneOptStatus'];
  emailOptStatus?: NewLeadRow['emailOptStatus'];
  tourInHours?: number;
  officeDecision?: 'PENDING' | 'COMPLETED';
  /** The pipeline status; by default what the migration's backfill would give (see `statusOf`). */
  status?: LeadStatus;
  preferredLanguage?: string;
  events: EventInput[];
  notes?: { by: Staff; text: string; hoursAgo: number }[];
};

/**
 * The consent records the demo's timeline stands for, as the product writes them: a lead's STOP
 * text (`optStatusChange`), a person's change (a CONSENT_CHANGE event).
 */
type ConsentData = {
  optStatusChange?: { channel: 'phone' | 'email'; status: OptStatus };
  consent?: { channel: ConsentChannel; status: OptStatus; source: ConsentSource };
};
const consentRowsOf = (events: NewConversationEventRow[]): NewConsentChangeRow[] =>
  events.flatMap((event): NewConsentChangeRow[] => {
    const data = (event.data ?? {}) as ConsentData;
    const base = {
      companyId: event.companyId,
      leadId: event.leadId,
      timelineEventId: event.id,
      occurredAt: event.date,
    };
    const byText = data.optStatusChange;
    if (byText)
      return [
        {
          ...base,
          channel: byText.channel === 'phone' ? 'SMS' : 'EMAIL',
          status: byText.status,
          source: 'sms_keyword',
          message: event.body,
        },
      ];
    const byPerson = data.consent;
    if (byPerson)
      return [
        {
          ...base,
          channel: byPerson.channel,
          status: byPerson.status,
          source: byPerson.source,
          actorName: event.eventByUserName,
        },
      ];
    return [];
  });

/**
 * Who works the demo's leads: some are people's, some the assistant's, the rest nobody's, so each
 * of the inbox's owner views has rows.
 */
const DEMO_OWNERS: Record<string, Staff | 'assistant'> = {
  'Ava Thompson': staff.priya,
  'Taylor Brooks': staff.priya,
  'Sofia Martinez': staff.dana,
  'Noah Kim': staff.marcus,
  'Liam Carter': 'assistant',
  'Emma Johnson': 'assistant',
  'Ethan Wilson': 'assistant',
};

const ownerColumnsOf = (
  name: string,
): Pick<NewLeadRow, 'ownerKind' | 'ownerUserId' | 'ownerName'> => {
  const owner = DEMO_OWNERS[name];
  if (!owner) return { ownerKind: 'unassigned' };
  if (owner === 'assistant') return { ownerKind: 'assistant' };
  return { ownerKind: 'user', ownerUserId: owner.id, ownerName: owner.name };
};

const tourStrings = (date: Date) => ({
  tourDateString: date.toLocaleDateString('en-US', {
    timeZone: DEMO_TIME_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }),
  tourFromTimeString: date.toLocaleTimeString('en-US', {
    timeZone: DEMO_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }),
});

const leadSeeds = (now: Date): LeadSeed[] => {
  const tourAt = new Date(Math.ceil((now.getTime() + 2 * DAY) / HOUR) * HOUR);
  const cancelledTourAt = new Date(tourAt.getTime() - 3 * DAY);
  return [
    {
      key: 'ava',
      property: 'maple',
      name: 'Ava Thompson',
      phone: '+15125550101',
      email: 'ava.thompson@example.com',
      officeDecision: 'PENDING',
      events: [
        system('ACTIVATION', 'Lead re-activated after 30 days of silence', 120, {
          data: { reActivationDate: new Date(now.getTime() - 120 * HOUR).toISOString() },
        }),
        fromLead(
          'Ava Thompson',
          'Hi! Is the 2 bedroom on the third floor still available for March?',
          50,
        ),
        fromAssistant(
          'Hi Ava, yes — unit 3B (2 bed, 2 bath, 1,040 sq ft) is available March 1 at $1,895/month. Would you like to schedule a tour?',
          49.9,
        ),
        fromLead('Ava Thompson', 'Do you allow two cats? And is there a deposit for them?', 49),
        system(
          'OFFICE_DECISION',
          'The assistant needs a decision: the lead asks whether two cats are allowed and what the pet deposit is.',
          48.9,
          {
            senderType: 'ASSISTANT',
            senderName: 'Leasing Assistant',
            iconUrl: ASSISTANT_ICON,
            data: { reason: 'PET_POLICY', question: 'Two cats allowed? Pet deposit amount?' },
          },
        ),
        fromStaff(
          staff.marcus,
          'Hi Ava, this is Marcus from Maple Grove. Let me confirm the pet policy with our manager and get right back to you.',
          30,
        ),
        fromLead(
          'Ava Thompson',
          'Great, thanks! Here is a photo of the living room layout I was sent — is this unit 3B?',
          3,
          {
            attachments: [
              {
                url: '/media/demo/living-room.png',
                thumbnailUrl: '/media/demo/living-room-thumb.png',
                fileName: 'living-room.png',
              },
            ],
          },
        ),
      ],
      notes: [
        {
          by: staff.marcus,
          text: 'Has two cats, works from home. Wants a quiet unit away from the elevator.',
          hoursAgo: 29,
        },
        {
          by: staff.priya,
          text: 'Manager is checking whether we can waive one of the two pet deposits.',
          hoursAgo: 6,
        },
      ],
    },
    {
      key: 'liam',
      property: 'maple',
      name: 'Liam Carter',
      phone: '+15125550102',
      events: [
        fromLead('Liam Carter', 'What are your office hours on Saturday?', 26),
        fromAssistant(
          'We are open Saturday 10:00 AM to 5:00 PM. Can I help you book a visit?',
          25.9,
        ),
      ],
    },
    {
      key: 'sofia',
      property: 'maple',
      name: 'Sofia Martinez',
      email: 'sofia.martinez@example.com',
      preferredLanguage: 'es',
      events: [
        system('LANGUAGE_PREFERENCE_UPDATE', 'Preferred language changed to Spanish', 80, {
          data: { language: 'es' },
        }),
        {
          eventType: 'EMAIL',
          senderType: 'USER',
          senderName: staff.dana.name,
          subject: 'Your application at Maple Grove',
          providerMessageId: '<application-sofia-1@demo-leasing.test>',
          providerStatus: 'sent',
          body: 'Hola Sofia,\n\nThank you for applying. Could you send us your last two pay stubs?\n\nDana',
          sendingStatus: 'COMPLETED',
          hoursAgo: 40,
        },
        {
          eventType: 'EMAIL',
          senderType: 'LEAD',
          senderName: 'Sofia Martinez',
          subject: 'Re: Your application at Maple Grove',
          providerMessageId: '<CAF3k2-sofia-reply@mail.example.com>',
          body: 'Hola Dana,\n\nAdjunto mis dos últimos recibos de pago. ¿Cuándo sabré si fui aprobada?\n\nGracias,\nSofía',
          hoursAgo: 5,
          data: {
            inReplyTo: '<application-sofia-1@demo-leasing.test>',
            references: ['<application-sofia-1@demo-leasing.test>'],
            html: '<div style="font-family:Georgia,serif"><p>Hola Dana,</p><p>Adjunto mis dos <b>últimos recibos de pago</b>. ¿Cuándo sabré si fui aprobada?</p><p>Gracias,<br>Sofía</p><img src="https://tracker.example/pixel.gif" width="1" height="1"><script>alert(1)</script></div>',
            translation: {
              body: {
                textInEnglish:
                  'Hi Dana,\n\nAttached are my last two pay stubs. When will I know if I was approved?\n\nThanks,\nSofía',
                hash: 'c3f1',
              },
            },
          },
        },
      ],
    },
    {
      key: 'noah',
      property: 'maple',
      name: 'Noah Kim',
      phone: '+15125550104',
      email: 'noah.kim@example.com',
      phoneOptStatus: 'OPT_OUT',
      events: [
        fromAssistant('Hi Noah, just checking in — are you still looking for a 1 bedroom?', 72),
        fromLead('Noah Kim', 'STOP', 71, {
          data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
        }),
        system('LEAD_INTENT_UPDATE', 'Lead intent changed to Not interested', 70.9, {
          data: { intent: 'NOT_INTERESTED' },
        }),
      ],
    },
    {
      key: 'emma',
      property: 'riverside',
      name: 'Emma Johnson',
      phone: '+15125550105',
      email: 'emma.johnson@example.com',
      emailOptStatus: 'OPT_OUT',
      events: [
        fromLead('Emma Johnson', 'Please only text me, no emails. Is parking included?', 20),
        fromStaff(
          staff.dana,
          'Noted, Emma! One covered spot is included; a second is $45/month.',
          19.5,
        ),
      ],
    },
    {
      key: 'oliver',
      property: 'riverside',
      name: 'Oliver Brown',
      events: [
        system('LEAD_INTENT_UPDATE', 'Lead created from a walk-in visit', 200, {
          data: { intent: 'WALK_IN' },
        }),
      ],
      notes: [
        {
          by: staff.dana,
          text: 'Walked in, left no phone or email. Said he would call back.',
          hoursAgo: 199,
        },
      ],
    },
    {
      key: 'mia',
      property: 'riverside',
      name: 'Mia Davis',
      phone: '+15125550107',
      email: 'mia.davis@example.com',
      tourInHours: (tourAt.getTime() - now.getTime()) / HOUR,
      events: [
        system('SCHEDULED_TOUR_APPOINTMENT', 'Tour scheduled', 96, {
          eventByUserName: staff.priya.name,
          data: { tourTypeID: 'IN_PERSON', ...tourStrings(cancelledTourAt) },
        }),
        system('CANCELED_TOUR_APPOINTMENT', 'Tour cancelled by the lead', 60, {
          eventByUserName: staff.priya.name,
          data: { tourTypeID: 'IN_PERSON', ...tourStrings(cancelledTourAt) },
        }),
        fromLead('Mia Davis', 'Sorry I had to cancel! Can we do later this week instead?', 59),
        {
          eventType: 'CALL',
          senderType: 'LEAD',
          senderName: 'Mia Davis',
          body: 'Inbound call, 3 min 12 s',
          hoursAgo: 30,
          data: {
            durationSeconds: 192,
            transcript: [
              { speaker: 'AGENT', text: 'Riverside Lofts, this is Priya. How can I help?' },
              {
                speaker: 'LEAD',
                text: 'Hi, it is Mia Davis. I cancelled my tour and want to rebook.',
              },
              { speaker: 'AGENT', text: 'Of course. Would Thursday afternoon work for you?' },
              { speaker: 'LEAD', text: 'Thursday at 2 would be perfect.' },
              { speaker: 'AGENT', text: 'Booked. You will get a confirmation text shortly.' },
            ],
          },
        },
        system('SCHEDULED_TOUR_APPOINTMENT', 'Tour scheduled', 29.8, {
          eventByUserName: staff.priya.name,
          data: { tourTypeID: 'IN_PERSON', ...tourStrings(tourAt) },
        }),
        system(
          'PHONEBOT_REMINDER_CALL',
          'Reminder call placed for the upcoming tour; the lead confirmed.',
          4,
          {
            senderType: 'ASSISTANT',
            senderName: 'Phone Bot',
            data: { durationSeconds: 41, outcome: 'CONFIRMED' },
          },
        ),
      ],
    },
    {
      key: 'ethan',
      property: 'summit',
      name: 'Ethan Wilson',
      phone: '+15125550108',
      email: 'ethan.wilson@example.com',
      events: [], // 2,000 events, generated in the database (see generatedHistories)
    },
    {
      key: 'isabella',
      property: 'summit',
      name: 'Isabella Garcia',
      phone: '+15125550109',
      email: 'isabella.garcia@example.com',
      officeDecision: 'COMPLETED',
      events: [
        system(
          'PHONEBOT_IVR_CALL',
          'Called the leasing line; chose "maintenance" in the menu.',
          140,
          {
            senderType: 'LEAD',
            senderName: 'Isabella Garcia',
            data: { menuPath: ['2', '1'], durationSeconds: 65 },
          },
        ),
        fromLead('Isabella Garcia', 'The kitchen sink is leaking again, see photos.', 139, {
          attachments: [
            {
              url: '/media/demo/sink-leak.png',
              thumbnailUrl: '/media/demo/sink-leak-thumb.png',
              fileName: 'sink-leak.png',
            },
            {
              url: '/media/demo/living-room.png',
              thumbnailUrl: '/media/demo/living-room-thumb.png',
              fileName: 'hallway.png',
            },
          ],
        }),
        system(
          'OFFICE_DECISION',
          'The assistant needs a decision: urgent maintenance request (water leak).',
          138.9,
          {
            senderType: 'ASSISTANT',
            senderName: 'Leasing Assistant',
            iconUrl: ASSISTANT_ICON,
          },
        ),
        fromStaff(staff.dana, 'A technician will be there tomorrow between 9 and 11 AM.', 130),
        system('PAYMENT', 'Payment received: $1,650.00 December rent', 48, {
          data: { amount: 1650, currency: 'USD', method: 'card' },
        }),
      ],
    },
    {
      key: 'james',
      property: 'summit',
      name: 'James Anderson',
      phone: '+15125550110',
      email: 'james.anderson@example.com',
      events: [
        system('MOVED_TO_DEBT', 'Balance of $2,310.00 moved to collections', 300, {
          data: { amount: 2310, currency: 'USD' },
        }),
        fromStaff(
          staff.marcus,
          'Hi James, please call the office about your outstanding balance.',
          299,
          {
            sendingStatus: 'FAILED',
            data: {
              failureReason: DELIVERY_FAILURES['30003']!.reason,
              failureAction: DELIVERY_FAILURES['30003']!.action,
              failureCode: '30003',
            },
          },
        ),
      ],
    },
    {
      key: 'taylor',
      property: 'summit',
      name: 'Taylor Brooks',
      phone: '+15125550112',
      email: 'taylor.brooks@example.com',
      officeDecision: 'PENDING',
      status: 'APPLIED',
      preferredLanguage: 'pt',
      tourInHours: (tourAt.getTime() + DAY - now.getTime()) / HOUR,
      // One event of every type, oldest first: the lead to open to see them all.
      events: [
        system('ACTIVATION', 'Lead re-activated by the leasing assistant', 400, {
          data: { reActivationDate: new Date(now.getTime() - 400 * HOUR).toISOString() },
        }),
        system('LEAD_INTENT_UPDATE', 'Lead intent changed to Ready to lease', 390, {
          data: { intent: 'READY_TO_LEASE' },
        }),
        system('LANGUAGE_PREFERENCE_UPDATE', 'Preferred language changed to Portuguese', 380, {
          eventByUserName: staff.marcus.name,
          data: { language: 'pt' },
        }),
        fromLead('Taylor Brooks', 'Olá! O apartamento de 1 quarto ainda está disponível?', 300, {
          data: {
            translation: {
              body: { textInEnglish: 'Hi! Is the 1-bedroom apartment still available?' },
            },
          },
        }),
        fromAssistant('Yes! The 1-bedroom on the 2nd floor is available December 1.', 299.9),
        {
          eventType: 'EMAIL',
          senderType: 'USER',
          senderName: staff.priya.name,
          subject: 'Your lease documents',
          body: 'Hi Taylor,\n\nAttached are the lease documents to review.\n\nPriya',
          sendingStatus: 'COMPLETED',
          providerMessageId: '<lease-docs-taylor@demo-leasing.test>',
          providerStatus: 'sent',
          hoursAgo: 250,
        },
        {
          eventType: 'CALL',
          senderType: 'LEAD',
          senderName: 'Taylor Brooks',
          body: 'Inbound call, 1 min 30 s',
          hoursAgo: 240,
          data: {
            durationSeconds: 90,
            transcript: [
              { speaker: 'LEAD', text: 'Hi, I signed the lease documents. What is next?' },
              {
                speaker: 'AGENT',
                text: 'Great! Next is the first payment; we will text you a link.',
              },
            ],
          },
        },
        system('OWNER_CHANGED', `Assigned to ${staff.priya.name} by ${staff.marcus.name}`, 235, {
          eventByUserName: staff.marcus.name,
          data: {
            owner: { kind: 'user', userId: staff.priya.id, name: staff.priya.name },
            previousOwner: { kind: 'unassigned' },
          },
        }),
        system('CONSENT_CHANGE', `Opted in to email by ${staff.marcus.name}`, 232, {
          senderType: 'USER',
          senderName: staff.marcus.name,
          eventByUserName: staff.marcus.name,
          data: { consent: { channel: 'EMAIL', status: 'OPT_IN', source: 'staff' } },
        }),
        system(
          'CONTACT_CHANGE',
          `Email taylor.brooks@example.com added by ${staff.marcus.name}`,
          233,
          {
            senderType: 'USER',
            senderName: staff.marcus.name,
            eventByUserName: staff.marcus.name,
            data: {
              changes: [{ field: 'email', before: null, after: 'taylor.brooks@example.com' }],
            },
          },
        ),
        system('LEAD_STATUS_CHANGE', 'Status: Contacted → Applied', 230, {
          senderType: 'USER',
          senderName: staff.marcus.name,
          eventByUserName: staff.marcus.name,
          data: { before: 'CONTACTED', after: 'APPLIED' },
        }),
        system('PAYMENT', 'Payment received: $1,450.00 first month', 200, {
          data: { amount: 1450, currency: 'USD' },
        }),
        system('DECISION_REOPENED', 'Decision reopened', 160, {
          senderType: 'USER',
          senderName: staff.marcus.name,
          eventByUserName: staff.marcus.name,
          data: { status: 'PENDING' },
        }),
        system('SCHEDULED_TOUR_APPOINTMENT', 'Move-in walkthrough scheduled', 150, {
          eventByUserName: staff.priya.name,
          data: { tourTypeID: 'SELF_GUIDED', ...tourStrings(cancelledTourAt) },
        }),
        system('CANCELED_TOUR_APPOINTMENT', 'Walkthrough cancelled by the lead', 120, {
          eventByUserName: staff.priya.name,
          data: { tourTypeID: 'SELF_GUIDED', ...tourStrings(cancelledTourAt) },
        }),
        system('PHONEBOT_IVR_CALL', 'Called the leasing line; chose "payments" in the menu.', 100, {
          senderType: 'LEAD',
          senderName: 'Taylor Brooks',
          data: { menuPath: ['3'], durationSeconds: 48 },
        }),
        system('MOVED_TO_DEBT', 'Balance of $180.00 (late fee) moved to collections', 80, {
          data: { amount: 180, currency: 'USD' },
        }),
        system(
          'PHONEBOT_REMINDER_CALL',
          'Reminder call about the open balance; the lead will pay this week.',
          60,
          {
            senderType: 'ASSISTANT',
            senderName: 'Phone Bot',
            data: { durationSeconds: 35, outcome: 'PROMISED_TO_PAY' },
          },
        ),
        fromLead('Taylor Brooks', 'Here is the photo of the scratched door from move-in.', 30, {
          attachments: [
            {
              url: '/media/demo/sink-leak.png',
              thumbnailUrl: '/media/demo/sink-leak-thumb.png',
              fileName: 'door.png',
            },
          ],
        }),
        system(
          'OFFICE_DECISION',
          'The assistant needs a decision: waive the $180.00 late fee?',
          29.9,
          {
            senderType: 'ASSISTANT',
            senderName: 'Leasing Assistant',
            iconUrl: ASSISTANT_ICON,
          },
        ),
      ],
      notes: [
        { by: staff.priya, text: 'Prefers Portuguese. Moving in December 1.', hoursAgo: 290 },
      ],
    },
  ];
};

const fillerNames = [
  'Charlotte Moore',
  'Benjamin Taylor',
  'Amelia Thomas',
  'Lucas Jackson',
  'Harper White',
  'Henry Harris',
  'Evelyn Martin',
  'Alexander Clark',
  'Abigail Lewis',
  'Daniel Robinson',
  'Emily Walker',
  'Matthew Young',
  'Ella Allen',
  'Jackson King',
  'Scarlett Wright',
  'Sebastian Scott',
  'Grace Green',
  'Jack Baker',
  'Chloe Adams',
];
const fillerLines = [
  ['Is the studio still available?', 'Yes! Studios start at $1,250. Want to see one this week?'],
  ['Can I bring my dog? She is 40 lbs.', 'Dogs up to 50 lbs are welcome with a $300 pet deposit.'],
  [
    'What utilities are included?',
    'Water, trash and internet are included; electricity is separate.',
  ],
  ['How long is the lease?', 'We offer 6, 12 and 15 month leases.'],
];
const properties4 = ['maple', 'riverside', 'summit'] as const;

export const buildDemoData = (now: Date) => {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  const companyRows: (typeof companies.$inferInsert)[] = [
    {
      id: DEMO_COMPANY_ID,
      name: 'Demo Leasing',
      status: 'ACTIVE',
      registeredLeasingEmail: 'leasing@demo-leasing.test',
      contactPhone: '+15125550100',
      timeZone: DEMO_TIME_ZONE,
      // The first company: it owns the deployment's shared number (TWILIO_FROM).
      createdAt: at(24 * 365),
    },
    {
      id: OTHER_COMPANY_ID,
      name: 'Harbor Point Residential',
      status: 'MODERATOR',
      registeredLeasingEmail: null,
      contactPhone: '+16195550300',
      timeZone: 'America/Los_Angeles',
      createdAt: at(24 * 300),
    },
  ];
  // Numbers registry: the Summit's own number is Demo Leasing's; Harbor Point texts from a number
  // of its own (the shared number belongs to the first company, Demo Leasing).
  const phoneNumberRows: (typeof phoneNumbers.$inferInsert)[] = [
    { e164: '+15125550190', companyId: DEMO_COMPANY_ID },
    { e164: HARBOR_POINT_NUMBER, companyId: OTHER_COMPANY_ID },
  ];
  const userRows: (typeof users.$inferInsert)[] = Object.values(staff).map((member) => ({
    id: member.id,
    companyId: member.companyId,
    email: member.email,
    name: member.name,
    role: member.role,
  }));
  const propertyIds = {
    maple: seedId('property:maple'),
    riverside: seedId('property:riverside'),
    summit: seedId('property:summit'),
    harbor: seedId('property:harbor'),
  };
  const propertyRows: (typeof properties.$inferInsert)[] = [
    {
      id: propertyIds.maple,
      companyId: DEMO_COMPANY_ID,
      pmsPropertyId: 'P-1001',
      name: 'Maple Grove Apartments',
      address: '1200 Maple Ave, Austin, TX 78701',
    },
    {
      id: propertyIds.riverside,
      companyId: DEMO_COMPANY_ID,
      pmsPropertyId: 'P-1002',
      name: 'Riverside Lofts',
      address: '45 River St, Austin, TX 78702',
    },
    {
      id: propertyIds.summit,
      companyId: DEMO_COMPANY_ID,
      pmsPropertyId: 'P-1003',
      name: 'The Summit at Oak Hill',
      address: '9800 Oak Hill Dr, Austin, TX 78749',
      // The Summit texts from its own number; the other properties share TWILIO_FROM.
      smsNumber: '+15125550190',
    },
    {
      id: propertyIds.harbor,
      companyId: OTHER_COMPANY_ID,
      pmsPropertyId: 'HP-200',
      name: 'Harbor Point Tower',
      address: '200 Harbor Blvd, San Diego, CA 92101',
    },
  ];

  const seeds: LeadSeed[] = [
    ...leadSeeds(now),
    ...fillerNames.map((name, index): LeadSeed => {
      const [question = '', answer = ''] = fillerLines[index % fillerLines.length] ?? [];
      const first = name.split(' ')[0]?.toLowerCase() ?? 'lead';
      return {
        key: `filler-${index}`,
        property: properties4[index % properties4.length] ?? 'maple',
        name,
        phone: `+1512555${String(200 + index).padStart(4, '0')}`,
        email: index % 3 === 0 ? undefined : `${first}.${index}@example.com`,
        events: [fromLead(name, question, 10 + index * 7), fromAssistant(answer, 9.9 + index * 7)],
      };
    }),
    {
      key: 'zoe',
      property: 'riverside',
      name: 'Zoe Park',
      phone: '+15125550111',
      email: 'zoe.park@example.com',
      events: [], // 10,000 events, generated in the database
    },
    {
      key: 'harbor-1',
      property: 'harbor',
      name: 'Wyatt Nelson',
      phone: '+16195550301',
      email: 'wyatt.nelson@example.com',
      officeDecision: 'PENDING',
      events: [
        fromLead('Wyatt Nelson', 'Is the ocean-view unit still open?', 12),
        system(
          'OFFICE_DECISION',
          'The assistant needs a decision: rent concession request.',
          11.9,
          {
            senderType: 'ASSISTANT',
            senderName: 'Leasing Assistant',
            iconUrl: ASSISTANT_ICON,
          },
        ),
      ],
      notes: [
        { by: staff.olivia, text: 'Asked for one month free on a 13-month lease.', hoursAgo: 11 },
      ],
    },
    // A fictional 555 number, so the inbox search can be tried as "(555) 010-0001". Last in the
    // list: the pmsLeadIds of the leads before it stay as they were.
    {
      key: 'nora',
      property: 'maple',
      name: 'Nora Bennett',
      phone: '+15550100001',
      events: [
        fromLead('Nora Bennett', 'Hi, do any 1 bedrooms come with a washer and dryer?', 1.5),
      ],
    },
  ];

  const leadRows: NewLeadRow[] = [];
  const eventRows: NewConversationEventRow[] = [];
  const noteRows: (typeof notes.$inferInsert)[] = [];
  const histories: GeneratedHistory[] = [];
  seeds.forEach((seed, index) => {
    const leadId = seedId(`lead:${seed.key}`);
    const propertyId = propertyIds[seed.property as keyof typeof propertyIds];
    const companyId = seed.property === 'harbor' ? OTHER_COMPANY_ID : DEMO_COMPANY_ID;
    const { events } = seed;
    const generated = GENERATED_HISTORY_SIZES[seed.key];
    const newest = generated ? 2 : Math.min(...events.map((event) => event.hoursAgo), 24 * 30);
    if (generated) {
      histories.push({
        key: `event:${seed.key}`,
        leadId,
        companyId,
        leadName: seed.name,
        staffName: staff.dana.name,
        count: generated,
        newestAt: at(2),
        spacingMinutes: Math.floor((365 * 24 * 60) / generated),
      });
    }
    leadRows.push({
      id: leadId,
      companyId,
      propertyId,
      pmsLeadId: `L-${String(5001 + index)}`,
      name: seed.name,
      phone: seed.phone ?? null,
      email: seed.email ?? null,
      phoneOptStatus: seed.phoneOptStatus ?? (seed.phone ? 'OPT_IN' : 'NO_INDICATION'),
      emailOptStatus: seed.emailOptStatus ?? 'NO_INDICATION',
      tourDateUtc: seed.tourInHours === undefined ? null : at(-seed.tourInHours),
      officeDecisionStatus: seed.officeDecision ?? null,
      officeDecisionCompletedAt: seed.officeDecision === 'COMPLETED' ? at(120) : null,
      officeDecisionCompletedByUserName:
        seed.officeDecision === 'COMPLETED' ? staff.dana.name : null,
      preferredLanguage: seed.preferredLanguage ?? 'en',
      lastActivityAt: at(newest),
      ...ownerColumnsOf(seed.name),
      status: seed.status ?? statusOf(seed, events),
    });
    events.forEach(({ hoursAgo, ...event }, eventIndex) => {
      eventRows.push({
        ...event,
        id: seedId(`event:${seed.key}:${eventIndex}`),
        companyId,
        leadId,
        date: at(hoursAgo),
        attachments: event.attachments ?? [],
        data: event.data ?? {},
      });
    });
    seed.notes?.forEach((note, noteIndex) => {
      noteRows.push({
        id: seedId(`note:${seed.key}:${noteIndex}`),
        companyId,
        leadId,
        text: note.text,
        createdByUserId: note.by.id,
        createdByUserName: note.by.name,
        createdAt: at(note.hoursAgo),
        updatedAt: at(note.hoursAgo),
      });
    });
  });

  return {
    consents: consentRowsOf(eventRows),
    companies: companyRows,
    phoneNumbers: phoneNumberRows,
    users: userRows,
    properties: propertyRows,
    leads: leadRows,
    events: eventRows,
    histories,
    notes: noteRows,
    templates: buildDemoTemplates(DEMO_COMPANY_ID, staff),
    // Two messages no lead could be chosen for: work for the Unmatched page.
    unmatched: [
      {
        id: seedId('unmatched:stranger-text'),
        channel: 'SMS' as const,
        companyId: DEMO_COMPANY_ID,
        fromAddress: '+15125550177',
        toAddress: '+15125550190',
        body: 'Hi! Saw your sign on Lamar. Any 2 bedrooms open in January?',
        data: { messageSid: 'SMdemo0unmatched0text' },
        reason: 'Nobody at this company was texted from this number by that phone.',
        dedupeKey: 'sms:SMdemo0unmatched0text',
        receivedAt: at(3),
      },
      {
        id: seedId('unmatched:stranger-email'),
        channel: 'EMAIL' as const,
        companyId: DEMO_COMPANY_ID,
        fromAddress: 'jamie.ortiz@example.com',
        toAddress: 'leasing@demo-leasing.test',
        subject: 'Parking at Riverside?',
        body: 'Hello, does Riverside Lofts have covered parking, and what does it cost per month?',
        data: { messageId: '<demo-unmatched-email@example.com>' },
        reason: 'No lead has this email address, and it answers none of our emails.',
        dedupeKey: 'email:demo-unmatched-email',
        receivedAt: at(20),
      },
    ],
  };
};
