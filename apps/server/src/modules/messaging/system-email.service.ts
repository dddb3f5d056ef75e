import type PgBoss from 'pg-boss';
import type { TransactionScope } from '../../db/client.js';

/**
 * Email the application itself sends to a person (a team invitation), not a message to a lead: it
 * has no timeline event. It is stored before it is sent all the same — a job in the caller's
 * transaction — and leaves through the app's email transport (SMTP, or the sandbox outbox).
 */
export const SYSTEM_EMAIL_QUEUE = 'send-system-email';

export type SystemEmail = {
  /** The company it is sent for: its name signs the mail, its outbox shows the sandbox copy. */
  companyId: string;
  to: string;
  subject: string;
  text: string;
};

export const systemEmailJobOptions = { retryLimit: 6, retryDelay: 5, retryBackoff: true } as const;

/** Enqueues the email in the caller's transaction: it is sent only if the change commits. */
export const enqueueSystemEmail = async (
  queue: PgBoss,
  scope: Pick<TransactionScope, 'sql'>,
  email: SystemEmail,
) => {
  await queue.send(SYSTEM_EMAIL_QUEUE, email, { ...systemEmailJobOptions, db: scope.sql });
};
