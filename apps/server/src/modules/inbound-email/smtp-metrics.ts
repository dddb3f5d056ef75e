import { Counter, Gauge, type Registry } from 'prom-client';

/** What the listener answered at the end of DATA: taken, refused for good (5xx), or deferred (4xx). */
export type SmtpMessageOutcome = 'accepted' | 'refused' | 'deferred';

/**
 * The inbound SMTP listener's sessions: open now, and how each ended up (`accepted` reached the
 * greeting; `refused` was turned away first, mostly "421 Too many connected clients"); and its
 * messages by outcome.
 */
export const createSmtpMetrics = (registry: Registry) => {
  const greeted = new Set<string>();
  new Gauge({
    name: 'inbound_smtp_sessions_open',
    help: 'SMTP sessions open on the inbound listener now (clients greeted and still connected)',
    registers: [registry],
    collect() {
      this.set(greeted.size);
    },
  });
  const sessions = new Counter({
    name: 'inbound_smtp_sessions_total',
    help: 'Inbound SMTP connections by outcome: accepted (greeted), refused (turned away, e.g. too many clients)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const messages = new Counter({
    name: 'inbound_smtp_messages_total',
    help: 'Inbound emails by the answer to their DATA: accepted, refused (5xx), deferred (4xx, the sender retries)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return {
    connected: (sessionId: string) => {
      greeted.add(sessionId);
      sessions.inc({ outcome: 'accepted' });
    },
    closed: (sessionId: string) => {
      if (!greeted.delete(sessionId)) sessions.inc({ outcome: 'refused' });
    },
    message: (outcome: SmtpMessageOutcome) => messages.inc({ outcome }),
  };
};
