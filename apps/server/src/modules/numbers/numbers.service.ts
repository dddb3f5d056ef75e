import type { CompanyNumber } from '@leasing/contract';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { toE164 } from '../../lib/phone-numbers.js';
import { findCompanyProperty } from '../company/index.js';
import {
  InventoryUnavailableError,
  type NumberInventory,
} from '../../providers/number-inventory.js';
import {
  companyExists,
  deleteCompanyNumber,
  findCompanyNumberById,
  findCompanySource,
  findNumber,
  firstCompanyId,
  firstUnassignedCompanyNumber,
  insertNumber,
  insertRelease,
  lastRelease,
  listCompanyNumbers,
  lockCompany,
  propertiesUsingNumber,
  registerNumberIfFree,
  registrationsSince,
  setNumberSource,
  setNumberTrackingProperty,
  type CompanyNumberRow,
} from './numbers.repository.js';

/** The deployment's shared number (TWILIO_FROM) and, when configured, the company that owns it. */
export type SharedNumber = { e164: string; companyId: string | undefined };

/** The shared number as the configuration names it (TWILIO_FROM, TWILIO_FROM_COMPANY). */
export const sharedNumberOf = (config: Pick<AppConfig, 'messaging'>): SharedNumber => ({
  e164: config.messaging.smsFrom,
  companyId: config.messaging.smsFromCompanyId,
});

/** Said the same way whoever owns a number, so a refusal never tells one company about another. */
export const NOT_YOUR_NUMBER =
  "is not one of your company's numbers. An admin can add it under Settings → Numbers.";

/**
 * The company that owns the shared number: the registry's answer once it has one; before that,
 * TWILIO_FROM_COMPANY, else the first company — registered at once, so the answer never moves
 * to another company later. Undefined only while there is no company at all.
 */
export const sharedNumberOwner = async (
  db: Db,
  shared: SharedNumber,
): Promise<string | undefined> => {
  const registered = await findNumber(db, shared.e164);
  if (registered) return registered.companyId;
  const companyId =
    shared.companyId && (await companyExists(db, shared.companyId))
      ? shared.companyId
      : await firstCompanyId(db);
  if (!companyId) return undefined;
  return (await registerNumberIfFree(db, { e164: shared.e164, companyId })).companyId;
};

/** The company an inbound text to `e164` belongs to, or undefined when no company owns it. */
export const numberOwner = async (
  db: Db,
  e164: string,
  shared: SharedNumber,
): Promise<string | undefined> => {
  if (e164 === shared.e164) return sharedNumberOwner(db, shared);
  return (await findNumber(db, e164))?.companyId;
};

/**
 * The number a property's texts leave from: its own; else the shared number when its company
 * owns it; else a number of its company that no property has as its own. Undefined: the company
 * has no number, and nothing may be sent (see `noSmsNumber`).
 */
export const sendingNumberOf = async (
  db: Db,
  shared: SharedNumber,
  property: { companyId: string; smsNumber: string | null },
): Promise<string | undefined> => {
  if (property.smsNumber) return property.smsNumber;
  if ((await sharedNumberOwner(db, shared)) === property.companyId) return shared.e164;
  return firstUnassignedCompanyNumber(db, property.companyId);
};

export const noSmsNumber = () =>
  new HttpError(
    'NO_SMS_NUMBER',
    'Texts cannot be sent yet: your company has no SMS number. An admin can add one under Settings → Numbers.',
  );

/**
 * May this company give a property `e164` as its own number? Only a number it owns, and not the
 * deployment's shared number (leave the property's number empty to text from that).
 */
export const assertPropertyNumberAllowed = async (
  db: Db,
  shared: SharedNumber,
  companyId: string,
  e164: string,
  path = 'body.smsNumber',
) => {
  if (e164 === shared.e164) {
    throw badRequest(path, 'is the shared number: leave it empty to text from the shared number');
  }
  const row = await findNumber(db, e164);
  if (!row || row.companyId !== companyId) throw badRequest(path, NOT_YOUR_NUMBER);
};

const toCompanyNumber = (row: CompanyNumberRow, shared: SharedNumber): CompanyNumber => ({
  _id: row.id,
  number: row.e164,
  isSharedNumber: row.e164 === shared.e164,
  properties: row.properties.map((property) => ({
    _id: property.id,
    name: property.name,
    pmsPropertyId: property.pmsPropertyId,
  })),
  source: row.sourceId && row.sourceName ? { _id: row.sourceId, name: row.sourceName } : null,
  trackingProperty:
    row.propertyId && row.trackingPropertyName
      ? { _id: row.propertyId, name: row.trackingPropertyName }
      : null,
  createdAt: row.createdAt.toISOString(),
});

/** The company's number as Settings → Numbers lists it (its properties, its source). */
const companyNumberOf = async (db: Db, shared: SharedNumber, companyId: string, id: string) => {
  const [row] = (await listCompanyNumbers(db, companyId)).filter((number) => number.id === id);
  return toCompanyNumber(row!, shared);
};

export const listNumbers = async (
  db: Db,
  shared: SharedNumber,
  companyId: string,
): Promise<CompanyNumber[]> => {
  // A deployment's first company sees the shared number as its own from the first look.
  await sharedNumberOwner(db, shared);
  return (await listCompanyNumbers(db, companyId)).map((row) => toCompanyNumber(row, shared));
};

/** How many numbers one company may register in 24 hours (admins; the operator CLI is exempt). */
export const NUMBER_REGISTRATIONS_PER_DAY = 10;
/** How long a released number stays with the company that released it. */
export const NUMBER_RELEASE_HOLD_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What registering a number needs: the shared number, the inventory, the time. */
export type RegistrationDeps = { shared: SharedNumber; inventory: NumberInventory; now: Clock };

/**
 * One answer for every number a company cannot take — registered (to it or anyone else), held
 * after another company released it, or not in this deployment's Twilio account — so a refusal
 * never tells one company about another.
 */
const numberUnavailable = (path: string) =>
  new HttpError(
    'NUMBER_UNAVAILABLE',
    'This number cannot be added: it is taken, was released in the last 30 days, or is not one of this deployment’s Twilio numbers.',
    {},
    [
      {
        path,
        message: 'is taken, recently released, or not one of this deployment’s Twilio numbers',
      },
    ],
  );

const inventoryUnavailable = () =>
  new HttpError(
    'NUMBER_CHECK_FAILED',
    'Twilio could not be asked whether this deployment owns the number. Try again in a minute.',
  );

/** Refuses a number the deployment's Twilio account (or the sandbox) does not own. */
const assertInInventory = async (inventory: NumberInventory, e164: string, path: string) => {
  const owned = await inventory.has(e164).catch((error: unknown) => {
    if (error instanceof InventoryUnavailableError) throw inventoryUnavailable();
    throw error;
  });
  if (!owned) throw numberUnavailable(path);
};

/** Refuses the company's registration past the daily limit, saying when it may add again. */
const assertUnderDailyLimit = async (db: Db, companyId: string, now: Date, path: string) => {
  const { count, oldest } = await registrationsSince(
    db,
    companyId,
    new Date(now.getTime() - DAY_MS),
  );
  if (count < NUMBER_REGISTRATIONS_PER_DAY) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil(((oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime()) / 1000),
  );
  throw new HttpError(
    'NUMBER_LIMIT',
    `Your company has added ${NUMBER_REGISTRATIONS_PER_DAY} numbers in the last 24 hours, the most allowed. Try again later.`,
    { 'retry-after': String(retryAfterSeconds) },
    [{ path, message: `at most ${NUMBER_REGISTRATIONS_PER_DAY} numbers a day; try again later` }],
  );
};

/** Another company released the number less than the hold ago: only that company may take it. */
const heldForAnother = async (db: Db, e164: string, companyId: string, now: Date) => {
  const release = await lastRelease(db, e164);
  if (!release || release.companyId === companyId) return false;
  return now.getTime() - release.releasedAt.getTime() < NUMBER_RELEASE_HOLD_DAYS * DAY_MS;
};

/**
 * Registers a number to the company: one the deployment's Twilio account owns, nobody has, and
 * no other company released in the last 30 days; at most 10 a day. Every refusal of a number
 * is said the same way (`NUMBER_UNAVAILABLE`), so nobody learns which company has it.
 */
export const addNumber = async (
  { db: readDb, events }: { db: Db; events: EventPort },
  deps: RegistrationDeps,
  input: { companyId: string; number: string },
  actor: Extract<Actor, { kind: 'user' }>,
  path = 'body.number',
): Promise<CompanyNumber> => {
  const e164 = toE164(input.number);
  if (!e164) throw badRequest(path, 'enter a phone number like +1 512 555 0100');
  // Cheap refusals first; Twilio is asked outside the transaction (no lock held over the network).
  await assertUnderDailyLimit(readDb, input.companyId, deps.now(), path);
  await assertInInventory(deps.inventory, e164, path);
  return events.transaction(async ({ db, record }) => {
    await lockCompany(db, input.companyId);
    await assertUnderDailyLimit(db, input.companyId, deps.now(), path);
    const added = await insertCompanyNumber(
      db,
      deps,
      { ...input, e164, addedByUserId: actor.userId },
      path,
    );
    record(
      domainEvent('number.added', {
        companyId: input.companyId,
        numberId: added._id,
        number: added.number,
        actor,
      }),
    );
    return added;
  });
};

const insertCompanyNumber = async (
  db: Db,
  { shared, now }: Pick<RegistrationDeps, 'shared' | 'now'>,
  input: { companyId: string; e164: string; addedByUserId: string | null },
  path: string,
): Promise<CompanyNumber> => {
  const { e164 } = input;
  // The shared number goes to its rightful owner first (config or the first company), never to
  // whoever asks for it first.
  if (e164 === shared.e164) await sharedNumberOwner(db, shared);
  const at = now();
  if (await heldForAnother(db, e164, input.companyId, at)) throw numberUnavailable(path);
  const row = await insertNumber(db, {
    e164,
    companyId: input.companyId,
    addedByUserId: input.addedByUserId,
    createdAt: at,
  });
  if (!row) throw numberUnavailable(path);
  return companyNumberOf(db, shared, input.companyId, row.id);
};

/**
 * Removes a number of the company; one a property texts from, or the shared number, stays. The
 * number is then held for the company for 30 days (see `NUMBER_RELEASE_HOLD_DAYS`).
 */
export const removeNumber = (
  events: EventPort,
  deps: Pick<RegistrationDeps, 'shared' | 'now'>,
  companyId: string,
  numberId: string,
  actor: Extract<Actor, { kind: 'user' }>,
): Promise<CompanyNumber> =>
  events.transaction(async ({ db, record }) => {
    const removed = await deleteNumber(db, deps, companyId, numberId, actor.userId);
    record(
      domainEvent('number.removed', {
        companyId,
        numberId: removed._id,
        number: removed.number,
        actor,
      }),
    );
    return removed;
  });

const deleteNumber = async (
  db: Db,
  { shared, now }: Pick<RegistrationDeps, 'shared' | 'now'>,
  companyId: string,
  numberId: string,
  releasedByUserId: string,
): Promise<CompanyNumber> => {
  const row = await findCompanyNumberById(db, companyId, numberId);
  if (!row) throw notFound('Number');
  if (row.e164 === shared.e164) {
    throw new HttpError(
      'SHARED_NUMBER',
      'This is the deployment’s shared number (TWILIO_FROM); it cannot be removed here.',
    );
  }
  const users = await propertiesUsingNumber(db, row.e164);
  if (users.length > 0) {
    throw new HttpError(
      'NUMBER_IN_USE',
      `This number is in use by ${users.map((user) => user.name).join(', ')}. Give those properties another number first.`,
    );
  }
  const deleted = await deleteCompanyNumber(db, companyId, numberId);
  if (!deleted) throw notFound('Number');
  await insertRelease(db, {
    e164: deleted.e164,
    companyId,
    registeredAt: deleted.createdAt,
    releasedAt: now(),
    releasedByUserId,
  });
  const source = deleted.sourceId
    ? await findCompanySource(db, companyId, deleted.sourceId)
    : undefined;
  return toCompanyNumber(
    { ...deleted, properties: [], sourceName: source?.name ?? null, trackingPropertyName: null },
    shared,
  );
};

/**
 * An admin changes a number (`PATCH /api/numbers/:numberId`): the source a new lead gets when its
 * first message comes to it (`number.source_changed`), and the property it is a tracking number of
 * (`number.tracking_changed`), each audited when it changes; null clears it. Only a source and a
 * property of the number's company; neither the shared number nor a property's own number tracks
 * for a property (400 naming `body.trackingPropertyId`).
 */
export const changeNumber = (
  events: EventPort,
  shared: SharedNumber,
  companyId: string,
  numberId: string,
  change: { sourceId?: string | null | undefined; trackingPropertyId?: string | null | undefined },
  actor: Extract<Actor, { kind: 'user' }>,
): Promise<CompanyNumber> =>
  events.transaction(async ({ db, record }) => {
    const row = await findCompanyNumberById(db, companyId, numberId);
    if (!row) throw notFound('Number');
    const { sourceId, trackingPropertyId } = change;
    if (sourceId !== undefined) {
      const source = sourceId ? await findCompanySource(db, companyId, sourceId) : undefined;
      if (sourceId && !source) throw notFound('Source');
      if (row.sourceId !== sourceId) {
        const before = row.sourceId
          ? await findCompanySource(db, companyId, row.sourceId)
          : undefined;
        await setNumberSource(db, row.id, sourceId);
        record(
          domainEvent('number.source_changed', {
            companyId,
            numberId: row.id,
            number: row.e164,
            before: before?.name ?? null,
            after: source?.name ?? null,
            actor,
          }),
        );
      }
    }
    if (trackingPropertyId !== undefined && row.propertyId !== trackingPropertyId) {
      const property = trackingPropertyId
        ? await findCompanyProperty(db, companyId, trackingPropertyId)
        : undefined;
      if (trackingPropertyId && !property) throw notFound('Property');
      if (trackingPropertyId) {
        if (row.e164 === shared.e164)
          throw badRequest(
            'body.trackingPropertyId',
            'is the shared number: it cannot track leads for one property',
          );
        const [owner] = await propertiesUsingNumber(db, row.e164);
        if (owner)
          throw badRequest(
            'body.trackingPropertyId',
            `is ${owner.name}'s own number: its texts and calls are that property's already`,
          );
      }
      const before = row.propertyId
        ? await findCompanyProperty(db, companyId, row.propertyId)
        : undefined;
      await setNumberTrackingProperty(db, row.id, trackingPropertyId);
      record(
        domainEvent('number.tracking_changed', {
          companyId,
          numberId: row.id,
          number: row.e164,
          before: before?.name ?? null,
          after: property?.name ?? null,
          actor,
        }),
      );
    }
    return companyNumberOf(db, shared, companyId, row.id);
  });

/**
 * The operator's way in (`npm run numbers:add`): registers a number to a company by its id. The
 * number must be the deployment's (Twilio's account, or a sandbox test number) and not held for
 * another company; the daily limit is for admins, not for an operator setting up a customer.
 * Nobody signed in made it, so no audit actor either.
 */
export const registerNumberAsOperator = async (
  db: Db,
  deps: RegistrationDeps,
  input: { companyId: string; number: string },
): Promise<CompanyNumber> => {
  const e164 = toE164(input.number);
  if (!e164) throw badRequest('number', 'enter a phone number like +1 512 555 0100');
  await assertInInventory(deps.inventory, e164, 'number');
  return insertCompanyNumber(db, deps, { ...input, e164, addedByUserId: null }, 'number');
};
