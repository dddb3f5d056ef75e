import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  companies,
  conversationEvents,
  leads,
  notes,
  phoneNumbers,
  properties,
  users,
  type CompanyRow,
  type ConversationEventRow,
  type LeadRow,
  type NewConversationEventRow,
  type NewLeadRow,
  type NoteRow,
  type PropertyRow,
  type UserRow,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';

/**
 * Small builders that insert exactly the rows a test needs, with unique defaults a test can
 * override. Tests that build their own rows do not break when the demo seed changes.
 */

let sequence = 0;
/** A short suffix no other row of this run has: the counter orders, the random part spans files. */
const unique = () => `${(sequence += 1)}${randomBytes(3).toString('hex')}`;

/** An E.164 number in the 555 range nobody owns, different on every call. */
export const uniquePhone = () =>
  `+1555${String(parseInt(randomBytes(4).toString('hex'), 16) % 10_000_000).padStart(7, '0')}`;

export const uniqueEmail = (name = 'person') => `${name}-${unique()}@example.test`;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export const createCompany = async (
  db: Db,
  overrides: Insert<typeof companies> = {},
): Promise<CompanyRow> => {
  const [row] = await db
    .insert(companies)
    // Texts are allowed all day, state rules too, unless a test sets quiet hours: no test depends on
    // the hour it runs (the Texas rules would hold a 512 lead on a Central evening).
    .values({
      name: `Company ${unique()}`,
      quietHoursStart: '00:00',
      quietHoursEnd: '24:00',
      quietHoursStateRules: false,
      ...overrides,
    })
    .returning();
  return row!;
};

export const DEFAULT_TEST_PASSWORD = 'factory-password';

// The seed's own hashing (argon2id), once per password: a file that makes many users stays quick.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export type CreatedUser = { user: UserRow; credentials: { email: string; password: string } };

/** A staff user who can sign in with the credentials returned. */
export const createUser = async (
  db: Db,
  companyId: string,
  {
    password = DEFAULT_TEST_PASSWORD,
    ...overrides
  }: Insert<typeof users> & { password?: string } = {},
): Promise<CreatedUser> => {
  const suffix = unique();
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      name: `Staff ${suffix}`,
      email: `staff-${suffix}@example.test`,
      passwordHash: await hashOnce(password),
      ...overrides,
    })
    .returning();
  return { user: user!, credentials: { email: user!.email, password } };
};

export const createProperty = async (
  db: Db,
  companyId: string,
  overrides: Insert<typeof properties> = {},
): Promise<PropertyRow> => {
  const suffix = unique();
  // A property's own number must be one its company owns in the numbers registry.
  if (overrides.smsNumber) {
    await db
      .insert(phoneNumbers)
      .values({ e164: overrides.smsNumber, companyId })
      .onConflictDoNothing();
  }
  const [row] = await db
    .insert(properties)
    .values({
      companyId,
      pmsPropertyId: `pms-property-${suffix}`,
      name: `Property ${suffix}`,
      ...overrides,
    })
    .returning();
  return row!;
};

/** Registers `e164` to the company in the numbers registry (a number no property has as its own). */
export const createPhoneNumber = async (
  db: Db,
  companyId: string,
  e164: string = uniquePhone(),
) => {
  const [row] = await db.insert(phoneNumbers).values({ e164, companyId }).returning();
  return row!;
};

export type CreateLeadOptions = Omit<Insert<typeof leads>, 'companyId' | 'propertyId'> & {
  /** The staff user who owns the lead (sets the owner columns); unassigned when left out. */
  owner?: Pick<UserRow, 'id' | 'name'>;
};

/**
 * A lead of `property` with a unique phone and email (pass `phone: null` or `email: null` for a
 * lead without one), opt statuses, office decision, owner and the rest as given.
 */
export const createLead = async (
  db: Db,
  property: Pick<PropertyRow, 'id' | 'companyId'>,
  { owner, ...overrides }: CreateLeadOptions = {},
): Promise<LeadRow> => {
  const suffix = unique();
  const values: NewLeadRow = {
    companyId: property.companyId,
    propertyId: property.id,
    pmsLeadId: `pms-lead-${suffix}`,
    name: `Lead ${suffix}`,
    phone: uniquePhone(),
    email: `lead-${suffix}@example.test`,
    ...(owner ? { ownerKind: 'user', ownerUserId: owner.id, ownerName: owner.name } : {}),
    ...overrides,
  };
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
};

/** A conversation event on `lead`; by default an SMS from the lead, now. */
export const createConversationEvent = async (
  db: Db,
  lead: Pick<LeadRow, 'id' | 'companyId' | 'name'>,
  overrides: Omit<Partial<NewConversationEventRow>, 'companyId' | 'leadId'> = {},
): Promise<ConversationEventRow> => {
  const [row] = await db
    .insert(conversationEvents)
    .values({
      companyId: lead.companyId,
      leadId: lead.id,
      eventType: 'SMS',
      senderType: 'LEAD',
      senderName: lead.name,
      body: `Message ${unique()}`,
      ...overrides,
    })
    .returning();
  return row!;
};

/**
 * An SMS we sent `lead` (a staff text, delivered) `minutesAgo`: on the shared number, a reply from
 * the lead's phone goes to whoever we texted last.
 */
export const createSentSms = (
  db: Db,
  lead: Pick<LeadRow, 'id' | 'companyId' | 'name'>,
  {
    minutesAgo = 0,
    ...overrides
  }: Omit<Partial<NewConversationEventRow>, 'companyId' | 'leadId'> & { minutesAgo?: number } = {},
): Promise<ConversationEventRow> =>
  createConversationEvent(db, lead, {
    senderType: 'USER',
    senderName: 'Leasing Staff',
    body: `Following up ${unique()}`,
    sendingStatus: 'COMPLETED',
    date: new Date(Date.now() - minutesAgo * 60_000),
    ...overrides,
  });

export type EmailThread = { sent: ConversationEventRow; reply: ConversationEventRow };

/**
 * A staff email to `lead` with the Message-ID `messageId`, and the lead's reply threaded to it
 * (In-Reply-To and References): the history a later mail may answer.
 */
export const createEmailThread = async (
  db: Db,
  lead: Pick<LeadRow, 'id' | 'companyId' | 'name'>,
  {
    subject = `Subject ${unique()}`,
    messageId = `<sent-${unique()}@example.test>`,
    replyMessageId = `<reply-${unique()}@example.test>`,
    staffName = 'Leasing Staff',
    hoursAgo = 40,
  }: {
    subject?: string;
    messageId?: string;
    replyMessageId?: string;
    staffName?: string;
    /** When the staff email went out; the reply came 35 hours after it (or now, if sooner). */
    hoursAgo?: number;
  } = {},
): Promise<EmailThread> => {
  const sent = await createConversationEvent(db, lead, {
    eventType: 'EMAIL',
    senderType: 'USER',
    senderName: staffName,
    subject,
    providerMessageId: messageId,
    providerStatus: 'sent',
    sendingStatus: 'COMPLETED',
    date: new Date(Date.now() - hoursAgo * 3_600_000),
  });
  const reply = await createConversationEvent(db, lead, {
    eventType: 'EMAIL',
    subject: `Re: ${subject}`,
    providerMessageId: replyMessageId,
    date: new Date(Date.now() - Math.max(hoursAgo - 35, 0) * 3_600_000),
    data: { inReplyTo: messageId, references: [messageId] },
  });
  return { sent, reply };
};

export const createNote = async (
  db: Db,
  lead: Pick<LeadRow, 'id' | 'companyId'>,
  author: Pick<UserRow, 'id' | 'name'>,
  overrides: Omit<Insert<typeof notes>, 'companyId' | 'leadId'> = {},
): Promise<NoteRow> => {
  const [row] = await db
    .insert(notes)
    .values({
      companyId: lead.companyId,
      leadId: lead.id,
      text: `Note ${unique()}`,
      createdByUserId: author.id,
      createdByUserName: author.name,
      ...overrides,
    })
    .returning();
  return row!;
};

export type Office = {
  company: CompanyRow;
  staff: CreatedUser;
  property: PropertyRow;
};

/** A company with one staff user (its admin, unless `staff.role` says otherwise) and one property. */
export const createOffice = async (
  db: Db,
  overrides: {
    company?: Insert<typeof companies>;
    staff?: Insert<typeof users> & { password?: string };
    property?: Insert<typeof properties>;
  } = {},
): Promise<Office> => {
  const company = await createCompany(db, overrides.company);
  const staff = await createUser(db, company.id, { role: 'admin', ...overrides.staff });
  const property = await createProperty(db, company.id, overrides.property);
  return { company, staff, property };
};
