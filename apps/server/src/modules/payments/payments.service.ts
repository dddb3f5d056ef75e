import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { eq } from 'drizzle-orm';
import {
  PAYMENT_LINK_DEFAULT_EXPIRY_DAYS,
  PAYMENT_LINK_TOKEN_PARAM,
  paymentErrorCodes,
  type AmountDue,
  type CheckoutResult,
  type CreatePaymentLinkRequest,
  type CreatePaymentLinkResponse,
  type LeadPaymentLinks,
  type PaymentLink,
  type PaymentLinkEventData,
  type PaymentReceipt,
  type PublicPaymentLink,
} from '@leasing/contract';
import type { AppConfig } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import {
  companies,
  leads,
  properties,
  type ConversationEventRow,
  type NewConversationEventRow,
  type PaymentLinkRow,
} from '../../db/schema/index.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { formatPhone } from '../../lib/phone-numbers.js';
import { userActor, type Principal } from '../../lib/principal.js';
import type { CardInput, PaymentProvider } from '../../providers/payment-provider.js';
import { appendTimelineEvents, toConversationEventDto } from '../conversation/index.js';
import { domainEvent, type Actor, type DomainEventMap } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { getCompanyLead } from '../lead/index.js';
import {
  emailRefusal,
  insertAndEnqueue,
  newEmailMessageId,
  smsRefusal,
} from '../messaging/index.js';
import type { PaymentLinkTokens } from './payment-link-token.js';
import {
  expirePaymentLinkRow,
  findDebtAndLaterPayments,
  findPaymentAttempt,
  findPaymentLink,
  findPaymentLinkParties,
  insertPaymentAttempt,
  insertPaymentLink,
  listLeadPaymentLinks,
  lockPaymentLink,
  markPaymentLinkOpened,
  markPaymentLinkPaid,
  reserveStripeSession,
  saveStripeSession,
  setPaymentLinkMessage,
} from './payment-links.repository.js';
import { formatCents } from '../../lib/format-money.js';
import {
  formatDay,
  paymentEmailSubject,
  paymentEmailText,
  paymentSmsText,
  todayIn,
} from './payment-text.js';

/** Queue whose job, due at a link's expiry, expires it if it is still unpaid. */
export const PAYMENT_LINK_EXPIRE_QUEUE = 'payment-link-expire';
export type PaymentLinkExpireJob = { linkId: string };

export type PaymentsDeps = {
  database: Database;
  queue: PgBoss;
  jobExpireSeconds: number;
  linkTokens: PaymentLinkTokens;
  /** Undefined when no PAYMENT_HOST is set: links cannot be made. */
  settings: AppConfig['payments'];
  /** Undefined when payments are unavailable (a public payment host without Stripe keys). */
  provider: PaymentProvider | undefined;
  /** Changes are written in its transactions, which record `payment_link.changed`. */
  events: EventPort;
  log: FastifyBaseLogger;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = (deps: PaymentsDeps) => deps.now?.() ?? new Date();

const linksOff = () =>
  new HttpError(
    'PAYMENT_LINKS_OFF',
    'Payment links are off on this server. An admin must turn payments on in the server’s setup (see Payment links in the docs).',
  );
const invalidLink = () =>
  new HttpError(
    paymentErrorCodes.invalidLink,
    'This payment link is not valid. Open the whole link from your message, or ask the office for a new one.',
  );
const expiredLink = () =>
  new HttpError(paymentErrorCodes.expired, 'This payment link has expired.');
const alreadyPaid = () =>
  new HttpError(paymentErrorCodes.alreadyPaid, 'This payment link has already been paid.');

/**
 * The provider; payers and staff are told plainly when there is none, never a fake payment: the
 * payer cannot pay here (503), staff are asked to set payments up before sending a link (409).
 */
const requireProvider = (deps: PaymentsDeps, asker: 'payer' | 'staff') => {
  if (deps.provider) return deps.provider;
  throw asker === 'payer'
    ? new HttpError(
        paymentErrorCodes.paymentsUnavailable,
        'Online payment is not available for this link yet. Please contact the office to pay.',
      )
    : new HttpError(
        'PAYMENTS_NOT_SET_UP',
        'Payments are not set up on this server: no card processor is connected to take them. An admin must connect one in the server’s setup (see Payment links in the docs).',
      );
};

const requireSettings = (deps: PaymentsDeps) => {
  if (!deps.settings) throw linksOff();
  return deps.settings;
};

/* ---------- shapes ---------- */

const linkUrl = (deps: PaymentsDeps, link: PaymentLinkRow) =>
  `${requireSettings(deps).baseUrl}/?${PAYMENT_LINK_TOKEN_PARAM}=${deps.linkTokens.sign(link)}`;

const toPaymentLinkDto = (link: PaymentLinkRow, url: string): PaymentLink => ({
  id: link.id,
  leadID: link.leadId,
  amountCents: link.amountCents,
  currency: link.currency,
  description: link.description,
  dueDate: link.dueDate,
  status: link.status,
  url,
  channel: link.channel,
  createdAt: link.createdAt.toISOString(),
  expiresAt: link.expiresAt.toISOString(),
  openedAt: link.openedAt?.toISOString() ?? null,
  paidAt: link.paidAt?.toISOString() ?? null,
  createdByUserName: link.createdByUserName,
});

const receiptOf = (link: PaymentLinkRow): PaymentReceipt | null =>
  link.status === 'PAID' && link.paidAt && link.providerPaymentId
    ? {
        paidAt: link.paidAt.toISOString(),
        reference: link.providerPaymentId,
        cardBrand: link.cardBrand,
        cardLast4: link.cardLast4,
      }
    : null;

/** A PAYMENT event for one moment of a link's life; `data.amount` in dollars like every PAYMENT. */
/** Records that a link moved on, naming the timeline event that shows it (if one was written). */
const recordLinkChange = (
  record: RecordingScope['record'],
  link: Pick<PaymentLinkRow, 'id' | 'companyId' | 'leadId'>,
  stage: DomainEventMap['payment_link.changed']['stage'],
  timelineEvent: Pick<ConversationEventRow, 'id'> | undefined,
  actor?: Actor,
) =>
  record(
    domainEvent('payment_link.changed', {
      companyId: link.companyId,
      leadId: link.leadId,
      paymentLinkId: link.id,
      stage,
      timelineEventId: timelineEvent?.id ?? null,
      ...(actor ? { actor } : {}),
    }),
  );

const linkEvent = (
  link: PaymentLinkRow,
  stage: PaymentLinkEventData['stage'],
  fields: Partial<NewConversationEventRow> & { body: string },
  extra: Partial<PaymentLinkEventData> = {},
): NewConversationEventRow => ({
  companyId: link.companyId,
  leadId: link.leadId,
  eventType: 'PAYMENT',
  senderType: 'SYSTEM',
  ...fields,
  data: {
    amount: link.amountCents / 100,
    currency: link.currency,
    paymentLink: {
      id: link.id,
      stage,
      description: link.description,
      dueDate: link.dueDate,
      channel: link.channel,
      ...extra,
    } satisfies PaymentLinkEventData,
    ...(fields.data ?? {}),
  },
});

/* ---------- staff ---------- */

const amountDueOf = async (db: Db, leadId: string): Promise<AmountDue | null> => {
  const found = await findDebtAndLaterPayments(db, leadId);
  if (!found) return null;
  const toCents = (amount: unknown) =>
    typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : 0;
  const owed =
    toCents(found.debt.data.amount) -
    found.payments.reduce((sum, payment) => sum + toCents(payment.data.amount), 0);
  return owed > 0
    ? {
        amountCents: owed,
        currency: found.debt.data.currency ?? 'USD',
        since: found.debt.date.toISOString(),
      }
    : null;
};

export const getLeadPaymentLinks = async (
  deps: PaymentsDeps,
  principal: Principal,
  leadId: string,
): Promise<LeadPaymentLinks> => {
  const { db } = deps.database;
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  const [amountDue, rows] = await Promise.all([
    amountDueOf(db, lead.id),
    listLeadPaymentLinks(db, lead.id),
  ]);
  if (!deps.settings) return { enabled: false, amountDue, links: [] };
  const links = rows.map((row) => toPaymentLinkDto(row, linkUrl(deps, row)));
  return { enabled: true, amountDue, links };
};

/**
 * Creates a link and sends it, all in one transaction: the link, the message that carries it (stored
 * PENDING with its send job, like any message), the SENT event and the job that expires it.
 */
export const createPaymentLink = async (
  deps: PaymentsDeps,
  principal: Principal,
  leadId: string,
  input: Required<CreatePaymentLinkRequest>,
): Promise<CreatePaymentLinkResponse> => {
  requireSettings(deps);
  requireProvider(deps, 'staff');
  const { db } = deps.database;
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  const [company] = await db.select().from(companies).where(eq(companies.id, lead.companyId));
  if (!company) throw new Error('lead without company');
  const [property] = await db
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, lead.propertyId));
  // The due date is a day on the property's clock, and the email names that zone.
  const timeZone = property?.timeZone ?? company.timeZone;
  if (input.dueDate < todayIn(timeZone, clock(deps))) {
    throw badRequest('body.dueDate', 'must be today or later');
  }
  const refusal = input.channel === 'SMS' ? smsRefusal(lead) : emailRefusal(lead, company);
  if (refusal) throw refusal;

  const now = clock(deps);
  const draft: PaymentLinkRow = {
    id: randomUUID(),
    companyId: lead.companyId,
    leadId: lead.id,
    amountCents: input.amountCents,
    currency: 'USD',
    description: input.description,
    dueDate: input.dueDate,
    channel: input.channel,
    status: 'ACTIVE',
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    openedAt: null,
    paidAt: null,
    provider: null,
    providerPaymentId: null,
    cardBrand: null,
    cardLast4: null,
    stripeSessionId: null,
    stripeSessionUrl: null,
    stripeSessionExpiresAt: null,
    messageEventId: null,
    createdByUserId: principal.id,
    createdByUserName: principal.name,
    createdAt: now,
    updatedAt: now,
  };
  const url = linkUrl(deps, draft);
  const text = {
    leadName: lead.name,
    companyName: company.name,
    amountCents: draft.amountCents,
    currency: draft.currency,
    description: draft.description,
    dueDate: draft.dueDate,
    expiresAt: draft.expiresAt,
    url,
    timeZone,
  };
  const sender = {
    senderType: 'USER' as const,
    senderName: principal.name,
    iconUrl: principal.pictureUrl,
    sentByUserId: principal.id,
    date: now,
  };

  const { link, message, sent } = await deps.events.transaction(async (scope) => {
    const link = await insertPaymentLink(scope.db, draft);
    const message = await insertAndEnqueue(
      deps,
      scope,
      lead,
      input.channel === 'SMS'
        ? { ...sender, eventType: 'SMS', body: paymentSmsText(text) }
        : {
            ...sender,
            eventType: 'EMAIL',
            subject: paymentEmailSubject(text),
            body: paymentEmailText(text),
            providerMessageId: newEmailMessageId(company.registeredLeasingEmail ?? ''),
          },
      // Through the messaging gate like any message: the opt-out register, and for a text the
      // lead's allowed hours (a link can wait for the morning: no override here).
      {
        actor: { kind: 'user', userId: principal.id, name: principal.name },
        quietHours: { now, override: false },
      },
    );
    await setPaymentLinkMessage(scope.db, link.id, message._id);
    const [sent] = await appendTimelineEvents(scope.db, [
      linkEvent(link, 'SENT', {
        // A moment after the message, so the timeline reads message, then its link.
        date: new Date(now.getTime() + 1),
        body: `Payment link for ${formatCents(link.amountCents, link.currency)}: ${link.description}, due ${formatDay(link.dueDate)}`,
        eventByUserName: principal.name,
      }),
    ]);
    await deps.queue.send(
      PAYMENT_LINK_EXPIRE_QUEUE,
      { linkId: link.id } satisfies PaymentLinkExpireJob,
      { startAfter: link.expiresAt, singletonKey: link.id, retryLimit: 5, db: scope.sql },
    );
    if (!sent) throw new Error('payment link event insert returned nothing');
    recordLinkChange(scope.record, link, 'sent', sent, {
      kind: 'user',
      userId: principal.id,
      name: principal.name,
    });
    return { link, message, sent };
  });

  return {
    link: toPaymentLinkDto({ ...link, messageEventId: message._id }, url),
    events: [message, toConversationEventDto(sent)],
  };
};

/** What a template's `{{paymentLink}}` is filled with: a link's URL, or why there is none. */
export type TemplatePaymentLink = { url: string | null } | { missing: string };

/**
 * The link a template's `{{paymentLink}}` stands for: the lead's newest active link, or one made
 * now with the Request payment dialog's defaults (what the lead owes since moving to debt, due
 * today, valid for the default days). It is not sent on its own — the message the template fills
 * carries it — so its audit row says `created`. The lead is locked while looking, so two renders
 * at once make one link, and a second render reuses the first's. With `create` false nothing is
 * made: `url` is null where a link would have been.
 */
export const templatePaymentLink = async (
  deps: PaymentsDeps,
  principal: Principal,
  leadId: string,
  channel: 'SMS' | 'EMAIL',
  { create }: { create: boolean },
): Promise<TemplatePaymentLink> => {
  if (!deps.settings) return { missing: 'payment links are off on this server' };
  const lead = await getCompanyLead(deps.database.db, principal.companyId, leadId);
  return deps.events.transaction(async (scope) => {
    await scope.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.id, lead.id))
      .for('no key update');
    const now = clock(deps);
    const active = (await listLeadPaymentLinks(scope.db, lead.id)).find(
      (link) => link.status === 'ACTIVE' && link.expiresAt > now,
    );
    if (active) return { url: linkUrl(deps, active) };
    const amountDue = await amountDueOf(scope.db, lead.id);
    if (!amountDue) {
      return {
        missing:
          'there is no active payment link and nothing is owed to fill one with: send one with Request payment first',
      };
    }
    if (!deps.provider) {
      return { missing: 'payments are not set up on this server, so no link can be made' };
    }
    // `url: null`: one would be made, but the caller is not sending (another field is empty).
    if (!create) return { url: null };
    const [company] = await scope.db
      .select()
      .from(companies)
      .where(eq(companies.id, lead.companyId));
    if (!company) throw new Error('lead without company');
    const link = await insertPaymentLink(scope.db, {
      companyId: lead.companyId,
      leadId: lead.id,
      amountCents: amountDue.amountCents,
      currency: amountDue.currency,
      description: 'Balance due',
      dueDate: todayIn(company.timeZone, now),
      channel,
      status: 'ACTIVE',
      expiresAt: new Date(now.getTime() + PAYMENT_LINK_DEFAULT_EXPIRY_DAYS * DAY_MS),
      createdByUserId: principal.id,
      createdByUserName: principal.name,
      createdAt: now,
      updatedAt: now,
    });
    await deps.queue.send(
      PAYMENT_LINK_EXPIRE_QUEUE,
      { linkId: link.id } satisfies PaymentLinkExpireJob,
      { startAfter: link.expiresAt, singletonKey: link.id, retryLimit: 5, db: scope.sql },
    );
    recordLinkChange(scope.record, link, 'created', undefined, userActor(principal));
    return { url: linkUrl(deps, link) };
  });
};

/* ---------- expiry ---------- */

/** Expires the link if it is unpaid and due; the EXPIRED event goes on the timeline once. */
export const expirePaymentLinkIfDue = async (
  deps: PaymentsDeps,
  linkId: string,
): Promise<PaymentLinkRow | undefined> => {
  const expired = await deps.events.transaction(async ({ db, record }) => {
    const row = await expirePaymentLinkRow(db, linkId, clock(deps));
    if (!row) return undefined;
    const [event] = await appendTimelineEvents(db, [
      linkEvent(row, 'EXPIRED', { body: 'The payment link expired unpaid.' }),
    ]);
    if (!event) return undefined;
    recordLinkChange(record, row, 'expired', event);
    return row;
  });
  return expired;
};

/* ---------- payment host ---------- */

/** The link a token names; forged, malformed and altered tokens all read as invalid. */
const resolveToken = async (deps: PaymentsDeps, token: string) => {
  requireSettings(deps);
  const linkId = deps.linkTokens.linkIdOf(token);
  const link = linkId ? await findPaymentLink(deps.database.db, linkId) : undefined;
  if (!link || !deps.linkTokens.matches(token, link)) throw invalidLink();
  if (link.status === 'ACTIVE' && link.expiresAt <= clock(deps)) {
    // Not expired by this call: another one changed it meanwhile (expired or paid it); read it again.
    return (
      (await expirePaymentLinkIfDue(deps, link.id)) ??
      (await findPaymentLink(deps.database.db, link.id)) ??
      link
    );
  }
  return link;
};

/** What the payer's page shows; the first look at an active link marks it OPENED. */
export const openPaymentLink = async (
  deps: PaymentsDeps,
  token: string,
): Promise<PublicPaymentLink> => {
  const link = await resolveToken(deps, token);
  const provider = requireProvider(deps, 'payer');
  if (link.status === 'ACTIVE' && !link.openedAt) {
    await deps.events.transaction(async ({ db, record }) => {
      if (!(await markPaymentLinkOpened(db, link.id, clock(deps)))) return;
      const [event] = await appendTimelineEvents(db, [
        linkEvent(link, 'OPENED', { body: 'The lead opened the payment link.' }),
      ]);
      if (event) recordLinkChange(record, link, 'opened', event);
    });
  }
  const parties = await findPaymentLinkParties(deps.database.db, link);
  if (!parties) throw invalidLink();
  const { lead, property, company } = parties;
  const phone = property.smsNumber ?? company.contactPhone;
  return {
    status: link.status,
    provider: provider.kind,
    payerName: lead.name,
    companyName: company.name,
    propertyName: property.name,
    propertyAddress: property.address,
    description: link.description,
    amountCents: link.amountCents,
    currency: link.currency,
    dueDate: link.dueDate,
    expiresAt: link.expiresAt.toISOString(),
    timeZone: property.timeZone ?? company.timeZone,
    contact: {
      phone: phone ? formatPhone(phone) : null,
      email: company.registeredLeasingEmail,
    },
    receipt: receiptOf(link),
  };
};

/** The PAID moment: the link is paid and the payment lands on the timeline (inside the caller's transaction). */
const recordPayment = async (
  db: Db,
  link: PaymentLinkRow,
  payment: {
    provider: 'sandbox' | 'stripe';
    paymentId: string;
    cardBrand: string | null;
    cardLast4: string | null;
    paidAt: Date;
  },
) => {
  const paid: PaymentLinkRow = {
    ...link,
    status: 'PAID',
    paidAt: payment.paidAt,
    provider: payment.provider,
    providerPaymentId: payment.paymentId,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
  };
  await markPaymentLinkPaid(db, link.id, paid);
  const [lead] = await db.select({ name: leads.name }).from(leads).where(eq(leads.id, link.leadId));
  const [event] = await appendTimelineEvents(db, [
    linkEvent(
      link,
      'PAID',
      {
        date: payment.paidAt,
        senderType: 'LEAD',
        senderName: lead?.name ?? null,
        body: `Paid ${formatCents(link.amountCents, link.currency)} for ${link.description}`,
        data: { method: 'card', provider: payment.provider, reference: payment.paymentId },
      },
      {
        ...(payment.cardBrand ? { cardBrand: payment.cardBrand } : {}),
        ...(payment.cardLast4 ? { cardLast4: payment.cardLast4 } : {}),
      },
    ),
  ]);
  if (!event) throw new Error('payment event insert returned nothing');
  return { paid, event };
};

/**
 * Sandbox checkout. The link's row is locked for the whole attempt, so two submits take turns; the
 * form's idempotency key makes a resubmitted form answer what the first one got.
 */
export const payWithCard = async (
  deps: PaymentsDeps,
  input: { token: string; idempotencyKey: string; card: CardInput },
): Promise<CheckoutResult> => {
  const provider = requireProvider(deps, 'payer');
  if (provider.kind !== 'sandbox') {
    throw new HttpError('WRONG_PROVIDER', 'Payments here are taken on Stripe’s page.');
  }
  const link = await resolveToken(deps, input.token);
  type Outcome = { kind: 'paid'; receipt: PaymentReceipt } | { kind: 'declined'; reason: string };
  const outcome = await deps.events.transaction(async ({ db, record }): Promise<Outcome> => {
    const locked = await lockPaymentLink(db, link.id);
    if (!locked) throw invalidLink();
    const prior = await findPaymentAttempt(db, 'sandbox', input.idempotencyKey);
    if (prior) {
      if (prior.paymentLinkId !== locked.id) {
        throw badRequest('body.idempotencyKey', 'already used for another payment');
      }
      const receipt = receiptOf(locked);
      if (prior.outcome === 'PAID' && receipt) return { kind: 'paid', receipt };
      return { kind: 'declined', reason: prior.declineReason ?? 'Your card was declined.' };
    }
    if (locked.status === 'PAID') throw alreadyPaid();
    if (locked.status === 'EXPIRED') throw expiredLink();

    const now = clock(deps);
    const charge = await provider.chargeCard({
      amountCents: locked.amountCents,
      currency: locked.currency,
      card: input.card,
      now,
    });
    await insertPaymentAttempt(db, {
      paymentLinkId: locked.id,
      provider: 'sandbox',
      externalId: input.idempotencyKey,
      outcome: charge.outcome,
      declineReason: charge.outcome === 'DECLINED' ? charge.reason : null,
      detail: {
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
        ...(charge.outcome === 'DECLINED'
          ? { code: charge.code }
          : { paymentId: charge.paymentId }),
      },
    });
    if (charge.outcome === 'DECLINED') return { kind: 'declined', reason: charge.reason };
    const { paid, event } = await recordPayment(db, locked, {
      provider: 'sandbox',
      paymentId: charge.paymentId,
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
      paidAt: now,
    });
    const receipt = receiptOf(paid);
    if (!receipt) throw new Error('a paid link without a receipt');
    recordLinkChange(record, paid, 'paid', event);
    return { kind: 'paid', receipt };
  });
  if (outcome.kind === 'declined') {
    throw new HttpError(paymentErrorCodes.cardDeclined, outcome.reason);
  }
  return { status: 'PAID', receipt: outcome.receipt };
};

/** Stripe takes a Checkout Session's expiry 30 minutes to 24 hours ahead. */
const STRIPE_MIN_SESSION_MS = 30 * 60_000;
const MAX_SESSION_MS = 23 * 60 * 60_000;
/** A session this close to its end is not handed out: the payer would not have time to pay. */
const SESSION_REUSE_MARGIN_MS = 60_000;

type CheckoutReservation =
  { kind: 'open'; url: string } | { kind: 'create'; expiresAt: Date; customerEmail: string | null };

/**
 * The first, short transaction of a checkout: the link's open session if it has one, otherwise a
 * reservation for a new one. The reservation is the session's expiry, stored before Stripe is
 * asked (`stripeSessionExpiresAt` without a URL): every checkout that finds it asks Stripe with the
 * same expiry, hence the same idempotency key, and gets the same session.
 */
const reserveCheckout = (deps: PaymentsDeps, linkId: string) =>
  deps.database.transaction(async ({ db }): Promise<CheckoutReservation> => {
    const locked = await lockPaymentLink(db, linkId);
    if (!locked) throw invalidLink();
    if (locked.status === 'PAID') throw alreadyPaid();
    if (locked.status === 'EXPIRED') throw expiredLink();
    const now = clock(deps).getTime();
    const planned = locked.stripeSessionExpiresAt?.getTime();
    if (locked.stripeSessionUrl && planned && planned > now + SESSION_REUSE_MARGIN_MS) {
      return { kind: 'open', url: locked.stripeSessionUrl };
    }
    const [lead] = await db
      .select({ email: leads.email })
      .from(leads)
      .where(eq(leads.id, locked.leadId));
    const customerEmail = lead?.email ?? null;
    // Another checkout is creating the session: ask for the same one, while Stripe still accepts
    // its expiry.
    if (!locked.stripeSessionUrl && planned && planned > now + STRIPE_MIN_SESSION_MS + 10_000) {
      return { kind: 'create', expiresAt: new Date(planned), customerEmail };
    }
    // No longer than the link, within Stripe's range; whole seconds, as Stripe's expires_at is,
    // because the idempotency key is derived from this time.
    const expiresAt = new Date(
      Math.floor(
        Math.min(
          Math.max(locked.expiresAt.getTime(), now + STRIPE_MIN_SESSION_MS + 60_000),
          now + MAX_SESSION_MS,
        ) / 1000,
      ) * 1000,
    );
    await reserveStripeSession(db, locked.id, expiresAt);
    return { kind: 'create', expiresAt, customerEmail };
  });

/**
 * Stripe checkout: the link's open Checkout Session, created when there is none. Stripe is called
 * outside any transaction (a slow Stripe must not hold the link's row, or on PGlite the whole
 * database): reserve, ask Stripe, then record the session in a second short transaction.
 */
export const startCheckoutSession = async (
  deps: PaymentsDeps,
  token: string,
): Promise<{ redirectUrl: string }> => {
  const provider = requireProvider(deps, 'payer');
  if (provider.kind !== 'stripe') {
    throw new HttpError('WRONG_PROVIDER', 'Pay with the card form on this page.');
  }
  const { baseUrl } = requireSettings(deps);
  const link = await resolveToken(deps, token);
  const reservation = await reserveCheckout(deps, link.id);
  if (reservation.kind === 'open') return { redirectUrl: reservation.url };

  const back = `${baseUrl}/checkout?t=${encodeURIComponent(token)}`;
  const session = await provider.createCheckoutSession({
    paymentLinkId: link.id,
    amountCents: link.amountCents,
    currency: link.currency,
    description: link.description,
    customerEmail: reservation.customerEmail,
    successUrl: `${back}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
    expiresAt: reservation.expiresAt,
  });
  await deps.database.transaction(({ db }) => saveStripeSession(db, link.id, session));
  return { redirectUrl: session.url };
};

/**
 * A provider's webhook. Its signature is proven first; each provider event is acted on once (a
 * replay finds its attempt row), and a link is paid once whatever the number of events.
 */
export const handlePaymentWebhook = async (
  deps: PaymentsDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> => {
  const provider = deps.provider;
  if (provider?.kind !== 'stripe') {
    throw new HttpError('NOT_FOUND', 'No payment provider takes webhooks here.');
  }
  let event;
  try {
    event = provider.readWebhook(rawBody, signature);
  } catch {
    throw new HttpError(
      'BAD_PAYMENT_WEBHOOK_SIGNATURE',
      'The Stripe-Signature header does not prove this payload: nothing was recorded.',
    );
  }
  if (event.kind === 'ignored') return { received: true, duplicate: false };
  // The card is for the timeline only: a provider that cannot say does not hold up the payment.
  const card = await provider.cardOf(event.paymentId).catch(() => null);
  const paid = { ...event, ...card };
  type Outcome = { duplicate: boolean; mismatch?: Record<string, unknown> };
  const outcome = await deps.events.transaction(async ({ db, record }): Promise<Outcome> => {
    const link = await lockPaymentLink(db, paid.paymentLinkId);
    if (!link) return { duplicate: false };
    const expected = { amountCents: link.amountCents, currency: link.currency.toUpperCase() };
    const received = { amountCents: paid.amountCents, currency: paid.currency.toUpperCase() };
    // Only the link's own amount pays it: a session made or changed elsewhere (another amount,
    // another currency) is kept on record for staff to look into, never taken as this payment.
    if (expected.amountCents !== received.amountCents || expected.currency !== received.currency) {
      const fresh = await insertPaymentAttempt(db, {
        paymentLinkId: link.id,
        provider: 'stripe',
        externalId: paid.eventId,
        outcome: 'REJECTED',
        declineReason: 'The amount or currency paid differs from the payment link.',
        detail: { paymentId: paid.paymentId, expected, received },
      });
      return fresh
        ? {
            duplicate: false,
            mismatch: { linkId: link.id, eventId: paid.eventId, expected, received },
          }
        : { duplicate: true };
    }
    const fresh = await insertPaymentAttempt(db, {
      paymentLinkId: link.id,
      provider: 'stripe',
      externalId: paid.eventId,
      outcome: link.status === 'PAID' ? 'IGNORED' : 'PAID',
      detail: { paymentId: paid.paymentId, amountCents: paid.amountCents },
    });
    if (!fresh || link.status === 'PAID') return { duplicate: true };
    // Money taken after the link expired is still the lead's payment: it is recorded.
    const { event: timeline } = await recordPayment(db, link, {
      provider: 'stripe',
      paymentId: paid.paymentId,
      cardBrand: paid.cardBrand,
      cardLast4: paid.cardLast4,
      paidAt: clock(deps),
    });
    recordLinkChange(record, link, 'paid', timeline);
    return { duplicate: false };
  });
  // Answered 200 all the same: Stripe retries anything else for days, and a retry cannot help.
  if (outcome.mismatch) {
    deps.log.warn(
      outcome.mismatch,
      'Stripe payment does not match its payment link: not marked paid',
    );
  }
  return { received: true, duplicate: outcome.duplicate };
};
