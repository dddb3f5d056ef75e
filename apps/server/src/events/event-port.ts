import { randomUUID } from 'node:crypto';
import type { Database, TransactionScope } from '../db/client.js';
import type { DomainEvent, DomainEventType } from './domain-events.js';

/** A domain event as subscribers see it: with its own id (idempotency) and when it happened. */
export type PublishedEvent<T extends DomainEventType = DomainEventType> = DomainEvent<T> & {
  id: string;
  occurredAt: Date;
};

export type EventHandler<T extends DomainEventType> = (
  event: PublishedEvent<T>,
) => void | Promise<void>;

export type TransactionalEventHandler<T extends DomainEventType> = (
  event: PublishedEvent<T>,
  scope: RecordingScope,
) => Promise<void>;

/** A transaction that can also record what happened in it. */
export type RecordingScope = TransactionScope & {
  /** Records events of this transaction; they are published only if it commits. */
  record: (...events: DomainEvent[]) => void;
};

type Selector<T extends DomainEventType> = T | readonly T[] | '*';

export type EventPort = {
  /**
   * Runs `work` in one transaction. What it records is handed to the in-transaction subscribers
   * before the commit (their writes commit or roll back with the change), then to the other
   * subscribers once committed. Nothing recorded in a rolled-back transaction is published.
   */
  transaction: <R>(work: (scope: RecordingScope) => Promise<R>) => Promise<R>;
  /**
   * Subscribes after commit. A handler never breaks the write or another handler: what it throws,
   * or rejects with, is logged. Answers a function that unsubscribes.
   */
  subscribe: <T extends DomainEventType>(
    types: Selector<T>,
    name: string,
    handler: EventHandler<T>,
  ) => () => void;
  /**
   * Subscribes inside the writer's transaction, for a subscriber that must not lose an event: an
   * audit row, or a delivery queued with `scope.sql` (pg-boss `send(…, { db: scope.sql })`) so it
   * commits with the change. A failure rolls the change back, so keep these small and local.
   * A handler may record events of its own (an automatic consequence of the change, such as a
   * lead's status moving): they join this transaction's events, reach the in-transaction
   * subscribers after the ones before them, and are published with the rest after commit.
   */
  subscribeInTransaction: <T extends DomainEventType>(
    types: Selector<T>,
    name: string,
    handler: TransactionalEventHandler<T>,
  ) => () => void;
};

export type EventPortLog = {
  error: (details: Record<string, unknown>, message: string) => void;
};

export type EventPortOptions = {
  database: Pick<Database, 'transaction'>;
  log: EventPortLog;
  /** The clock that stamps `occurredAt` (tests pass their own). */
  now?: () => Date;
};

type Registration = {
  name: string;
  matches: (type: DomainEventType) => boolean;
  handler: (event: PublishedEvent, scope: RecordingScope) => unknown;
};

const matcher = <T extends DomainEventType>(types: Selector<T>) => {
  if (types === '*') return () => true;
  const wanted = new Set<DomainEventType>(typeof types === 'string' ? [types] : types);
  return (type: DomainEventType) => wanted.has(type);
};

/** The one domain-event port of the server (see `apps/server/src/README.md`). */
export const createEventPort = ({ database, log, now = () => new Date() }: EventPortOptions) => {
  const afterCommit = new Set<Registration>();
  const inTransaction = new Set<Registration>();

  const register = (
    set: Set<Registration>,
    types: Selector<DomainEventType>,
    name: string,
    handler: Registration['handler'],
  ) => {
    const registration: Registration = { name, matches: matcher(types), handler };
    set.add(registration);
    return () => void set.delete(registration);
  };

  const deliver = (event: PublishedEvent) => {
    for (const { name, matches, handler } of afterCommit) {
      if (!matches(event.type)) continue;
      const fail = (error: unknown) =>
        log.error(
          { err: error, subscriber: name, eventType: event.type, eventId: event.id },
          'event subscriber failed',
        );
      try {
        const result = handler(event, undefined as never);
        if (result instanceof Promise) result.catch(fail);
      } catch (error) {
        fail(error);
      }
    }
  };

  const port: EventPort = {
    transaction: async (work) => {
      const recorded: PublishedEvent[] = [];
      const result = await database.transaction(async (scope) => {
        const recording: RecordingScope = {
          ...scope,
          record: (...events) => {
            for (const event of events) {
              recorded.push({ ...event, id: randomUUID(), occurredAt: now() } as PublishedEvent);
            }
          },
        };
        const value = await work(recording);
        // By index: events a handler records are appended, and handled in their turn.
        for (let index = 0; index < recorded.length; index += 1) {
          const event = recorded[index]!;
          for (const { matches, handler } of inTransaction) {
            if (matches(event.type)) await handler(event, recording);
          }
        }
        return value;
      });
      recorded.forEach(deliver);
      return result;
    },
    subscribe: (types, name, handler) =>
      register(afterCommit, types, name, handler as unknown as Registration['handler']),
    subscribeInTransaction: (types, name, handler) =>
      register(inTransaction, types, name, handler as unknown as Registration['handler']),
  };
  return port;
};
