import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { companies, sandboxOutbox } from '../../db/schema/index.js';
import type { EmailTransport } from '../../providers/email-transport.js';
import { maskSignInLink, type SystemEmail } from './system-email.service.js';

export type SystemEmailWorkerDeps = {
  db: Db;
  email: EmailTransport;
  publicUrl: string;
  log: FastifyBaseLogger;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`).replace(/\n/g, '<br>\n');

/**
 * Sends one system email from the company's leasing address (or no-reply at our own host when it
 * has none). A failure throws: pg-boss retries the job with backoff.
 */
const sendOne = async (deps: SystemEmailWorkerDeps, job: PgBoss.Job<SystemEmail>) => {
  const mail = job.data;
  const [company] = await deps.db
    .select({ name: companies.name, address: companies.registeredLeasingEmail })
    .from(companies)
    .where(eq(companies.id, mail.companyId));
  if (!company) return;
  const from = company.address ?? `no-reply@${new URL(deps.publicUrl).hostname}`;
  const result = await deps.email.send({
    from: { name: company.name, address: from },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: `<div>${escapeHtml(mail.text)}</div>`,
    messageId: `<${job.id}@${new URL(deps.publicUrl).hostname}>`,
    inReplyTo: undefined,
    references: [],
  });
  if (deps.email.kind === 'sandbox') {
    // Every staff member reads the outbox: a sign-in link kept here would let any of them take
    // the invitee's account. Only its masked form is stored (the MIME would carry it too).
    const { signIn } = mail;
    await deps.db.insert(sandboxOutbox).values({
      companyId: mail.companyId,
      channel: 'EMAIL',
      from,
      to: mail.to,
      subject: mail.subject,
      body: signIn ? maskSignInLink(mail.text, signIn.link) : mail.text,
      raw: signIn ? null : result.raw,
      signInLink: Boolean(signIn),
      invitationId: signIn?.invitationId ?? null,
    });
  }
};

export const createSystemEmailHandler =
  (deps: SystemEmailWorkerDeps) =>
  async ([job]: PgBoss.Job<SystemEmail>[]) => {
    if (!job) return;
    try {
      await sendOne(deps, job);
    } catch (error) {
      deps.log.warn({ jobId: job.id, err: error }, 'system email failed; it will be retried');
      throw error;
    }
  };
