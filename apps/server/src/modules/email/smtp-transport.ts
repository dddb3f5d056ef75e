import type { AppConfig } from '../../config.js';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { EmailTransport, OutgoingEmail } from '../../providers/email-transport.js';
import { PermanentSendError, TransientSendError } from '../../providers/send-errors.js';

const toMail = (email: OutgoingEmail) => ({
  from: email.from,
  replyTo: email.from,
  to: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html,
  messageId: email.messageId,
  inReplyTo: email.inReplyTo,
  references: email.references.length > 0 ? email.references : undefined,
  attachments: email.attachments,
  // RFC 8058: the URL in List-Unsubscribe, and the header saying a POST to it is the one click.
  headers: email.unsubscribeUrl
    ? {
        'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined,
});

/** SMTP reply codes 4xx are temporary by definition; 5xx are final. */
const classify = (error: Error & { responseCode?: number; code?: string }) => {
  const code = error.responseCode ? String(error.responseCode) : error.code;
  if (error.responseCode && error.responseCode >= 500)
    return new PermanentSendError(`SMTP: ${error.message}`, code);
  return new TransientSendError(`SMTP: ${error.message}`, code);
};

const createSmtpTransport = (url: string): EmailTransport => {
  const transport = nodemailer.createTransport(url) as Transporter<SMTPTransport.SentMessageInfo>;
  return {
    kind: 'smtp',
    send: async (email) => {
      try {
        await transport.sendMail(toMail(email));
        return { raw: null };
      } catch (error) {
        throw classify(error as Error);
      }
    },
    close: () => transport.close(),
  };
};

/** Builds the real MIME message and keeps it instead of relaying it. */
const createSandboxEmailTransport = (): EmailTransport => {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  }) as Transporter<StreamTransport.SentMessageInfo>;
  return {
    kind: 'sandbox',
    send: async (email) => {
      const info = await transport.sendMail(toMail(email));
      return { raw: Buffer.isBuffer(info.message) ? info.message.toString('utf8') : null };
    },
    close: () => transport.close(),
  };
};

/** SMTP when the configuration names a relay (`SMTP_URL`), the sandbox (kept for the outbox) otherwise. */
export const createEmailTransport = (config: AppConfig): EmailTransport =>
  config.messaging.smtpUrl
    ? createSmtpTransport(config.messaging.smtpUrl)
    : createSandboxEmailTransport();
