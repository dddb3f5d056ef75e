import type { AddressInfo } from 'node:net';
import type { TranslationRequests } from '../conversation/index.js';
import type { MediaStorage } from '../messaging/index.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SMTPServer } from 'smtp-server';
import type { DnsResolver } from '../../lib/dns-resolver.js';
import { inboundEmailRoutes } from './inbound-email.routes.js';
import { senderConfirmationRoutes } from './sender-confirmation.routes.js';
import type { Clock } from '../../lib/clock.js';
import { countInboundMessage } from './inbound-email.repository.js';
import { resolveMailbox } from './mailbox.js';
import { createSmtpMetrics } from './smtp-metrics.js';
import { createSessionLimits, type SessionConnection } from './smtp-session-limits.js';
import { selfSignedSmtpTls } from './smtp-tls.js';
import { startInboundThumbnailWorker } from './inbound-email-thumbnails.job.js';
import {
  inboundEmailDeps,
  isNoMailboxError,
  receiveInboundEmail,
} from './inbound-email.service.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** The inbound SMTP listener's bound port; undefined when INBOUND_SMTP_PORT is 0. */
    inboundSmtp: { port: number } | undefined;
  }
}

/** An SMTP reply; smtp-server adds the matching enhanced status code (550 → 5.1.1). */
const smtpReply = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/**
 * Inbound email: the webhook route and the inbound SMTP listener: leads' mail to a company's registered leasing address arrives here.
 * Unknown recipients are refused at RCPT TO, so nothing is accepted that cannot be filed; a failure
 * while storing answers 451, a temporary error, so the sending server keeps the mail and retries.
 * No AUTH: it takes mail for our own addresses only and relays nothing. STARTTLS is offered with
 * the configured certificate, or a self-signed one that sending servers take for opportunistic TLS.
 * No client can hold the listener: a few sessions per IP, an idle timeout, and a session deadline.
 */
export type InboundEmailModuleOptions = {
  dnsResolver?: DnsResolver;
  now: Clock;
  storage: MediaStorage;
  translation: TranslationRequests;
};

export const inboundEmailModule = fp(
  async (
    app: FastifyInstance,
    { dnsResolver, now, storage, translation }: InboundEmailModuleOptions,
  ) => {
    const {
      smtpPort,
      emailMaxBytes,
      smtpMaxConnections,
      smtpMaxConnectionsPerIp,
      smtpIdleTimeoutMs,
      smtpSessionTimeoutMs,
      smtpMessagesPerIpPerHour,
      smtpMessagesPerSenderPerHour,
    } = app.config.inbound;
    // The webhook route stores mail too: its thumbnails come from the same worker.
    await startInboundThumbnailWorker(app.queue, {
      database: app.database,
      storage,
      events: app.events,
      log: app.log,
    });
    const deps = inboundEmailDeps(app, { resolver: dnsResolver, storage, translation });
    await app.register(inboundEmailRoutes, { deps });
    await app.register(senderConfirmationRoutes, { now });
    if (smtpPort === 0) {
      app.decorate('inboundSmtp', undefined);
      return;
    }
    const log = app.log.child({ module: 'inbound-smtp' });

    /** Counts the message against its client IP and its envelope sender; says which limit it passes. */
    const overHourlyLimit = async (ip: string, sender: string) => {
      const now = new Date();
      const db = app.database.db;
      const byIp = await countInboundMessage(db, `ip:${ip}`, now);
      if (byIp > smtpMessagesPerIpPerHour) {
        return `Too many messages from ${ip} this hour (limit ${smtpMessagesPerIpPerHour}); try again later.`;
      }
      const address = sender.trim().toLowerCase();
      if (!address) return undefined;
      const bySender = await countInboundMessage(db, `sender:${address}`, now);
      return bySender > smtpMessagesPerSenderPerHour
        ? `Too many messages from <${address}> this hour (limit ${smtpMessagesPerSenderPerHour}); try again later.`
        : undefined;
    };

    const hostname = new URL(app.config.publicUrl).hostname;
    const tls =
      app.config.inbound.smtpTls ?? (await selfSignedSmtpTls(app.config.dataDir, hostname));
    const metrics = createSmtpMetrics(app.metrics);
    const sessions = createSessionLimits({
      maxPerIp: smtpMaxConnectionsPerIp,
      sessionTimeoutMs: smtpSessionTimeoutMs,
      end: (sessionId) => {
        const connection = [...(server.connections as Set<SessionConnection>)].find(
          (open) => open.id === sessionId,
        );
        if (!connection) return;
        metrics.timedOut();
        connection.send(421, 'Session time limit reached, closing connection');
        connection.close();
      },
    });
    const server = new SMTPServer({
      name: hostname,
      banner: 'Leasing console inbound mail',
      authOptional: true,
      disabledCommands: ['AUTH'],
      key: tls.key,
      cert: tls.cert,
      size: emailMaxBytes,
      // One more client is answered "421 Too many connected clients" by smtp-server itself.
      maxClients: smtpMaxConnections,
      // Counts only while the client owes us input (smtp-server waits on our handlers freely).
      socketTimeout: smtpIdleTimeoutMs,
      logger: false,
      onConnect: (session, callback) => {
        if (!sessions.open(session.id, session.remoteAddress)) {
          metrics.refusedPerIp(session.id);
          callback(
            smtpReply(
              421,
              `Too many connections from ${session.remoteAddress} (limit ${smtpMaxConnectionsPerIp}); try again later.`,
            ),
          );
          return;
        }
        metrics.connected(session.id);
        callback();
      },
      onClose: (session) => {
        sessions.closed(session.id);
        metrics.closed(session.id);
      },
      onMailFrom: (address, session, callback) => {
        overHourlyLimit(session.remoteAddress, address.address).then(
          (over) => callback(over ? smtpReply(450, over) : null),
          (error: Error) => {
            log.error({ err: error }, 'could not count an inbound message');
            callback(smtpReply(451, 'Temporary failure; try again later.'));
          },
        );
      },
      onRcptTo: (address, _session, callback) => {
        resolveMailbox(app.database.db, address.address).then(
          (mailbox) =>
            callback(mailbox ? null : smtpReply(550, `<${address.address}>: no such mailbox here`)),
          (error: Error) => {
            log.error({ err: error }, 'could not check an inbound recipient');
            callback(smtpReply(451, 'Temporary failure checking the recipient; try again later.'));
          },
        );
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        let received = 0;
        stream.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // Past the limit the rest is only drained, never held.
          if (received <= emailMaxBytes) chunks.push(chunk);
        });
        stream.on('end', () => {
          if (stream.sizeExceeded || received > emailMaxBytes) {
            metrics.message('refused');
            callback(smtpReply(552, `Message exceeds the maximum size of ${emailMaxBytes} bytes`));
            return;
          }
          const { mailFrom, rcptTo } = session.envelope;
          receiveInboundEmail(deps, Buffer.concat(chunks), {
            recipients: rcptTo.map((recipient) => recipient.address),
            mailFrom: mailFrom ? mailFrom.address || undefined : undefined,
            client: {
              ip: session.remoteAddress,
              helo: session.hostNameAppearsAs || undefined,
              mailFrom: mailFrom ? mailFrom.address || undefined : undefined,
            },
          }).then(
            (accepted) => {
              log.info({ ...accepted, from: mailFrom || undefined }, 'inbound email received');
              metrics.message('accepted');
              callback(null, 'OK: message received');
            },
            (error: Error) => {
              if (isNoMailboxError(error)) {
                metrics.message('refused');
                callback(smtpReply(550, 'No recipient is a registered leasing address'));
                return;
              }
              log.error({ err: error }, 'could not store an inbound email; the sender will retry');
              metrics.message('deferred');
              callback(smtpReply(451, 'Temporary failure storing the message; try again later.'));
            },
          );
        });
      },
    });
    server.on('error', (error) => log.error({ err: error }, 'inbound SMTP error'));

    await new Promise<void>((resolve, reject) => {
      const listener = server.listen(smtpPort, app.config.host, () => {
        listener.off('error', reject);
        resolve();
      });
      listener.once('error', reject);
    });
    const { port } = server.server.address() as AddressInfo;
    app.decorate('inboundSmtp', { port });
    log.info({ port }, 'inbound SMTP listening');
    // Before the queue and the database go: mail being stored finishes, new mail is refused.
    app.addHook('preClose', () => {
      sessions.stop();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  {
    name: 'inbound-smtp',
    dependencies: ['database', 'events', 'queue', 'messaging', 'translation', 'metrics'],
  },
);
