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
  /**
   * The sign-in link the text carries (an invitation's): whoever holds it gets an account, so the
   * sandbox outbox keeps the email with the link masked, for admins only, and never its MIME.
   */
  signIn?: { link: string; invitationId: string };
};

export const MASKED_SECRET = '••••••••';

/** The link with every query value replaced: what it is for stays readable, the token does not. */
export const maskedLink = (link: string) => {
  const url = new URL(link);
  const query = [...url.searchParams.keys()].map((key) => `${key}=${MASKED_SECRET}`).join('&');
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
};

/** The text with the link masked, and its secrets too wherever else they appear (raw or encoded). */
export const maskSignInLink = (text: string, link: string) => {
  const secrets = [...new URL(link).searchParams.values()].filter((value) => value.length > 0);
  return secrets.reduce(
    (masked, secret) =>
      masked
        .replaceAll(secret, MASKED_SECRET)
        .replaceAll(encodeURIComponent(secret), MASKED_SECRET),
    text.replaceAll(link, maskedLink(link)),
  );
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
