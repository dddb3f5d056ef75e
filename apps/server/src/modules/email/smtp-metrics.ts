import { Counter, Gauge, type Registry } from 'prom-client';

/** What the listener answered at the end of DATA: taken, refused for good (5xx), or deferred (4xx). */
export type SmtpMessageOutcome = 'accepted' | 'refused' | 'deferred';

/**
 * The inbound SMTP listener's sessions: open now, and how each ended up (`accepted` reached the
 * greeting; `refused_per_ip` was turned away for its IP's cap; `refused` was turned away otherwise,
 * mostly "421 Too many connected clients"); those closed at the session deadline; and its messages
 * by outcome.
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
    help: 'Inbound SMTP connections by outcome: accepted (greeted), refused_per_ip (its IP holds its share), refused (turned away otherwise, e.g. too many clients)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const timedOut = new Counter({
    name: 'inbound_smtp_sessions_timed_out_total',
    help: 'Inbound SMTP sessions closed at INBOUND_SMTP_SESSION_TIMEOUT, however busy',
    registers: [registry],
  });
  /** Sessions refused for their IP's cap, already counted: their close is not a second refusal. */
  const refusedPerIp = new Set<string>();
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
    refusedPerIp: (sessionId: string) => {
      refusedPerIp.add(sessionId);
      sessions.inc({ outcome: 'refused_per_ip' });
    },
    timedOut: () => timedOut.inc(),
    closed: (sessionId: string) => {
      if (greeted.delete(sessionId) || refusedPerIp.delete(sessionId)) return;
      sessions.inc({ outcome: 'refused' });
    },
    message: (outcome: SmtpMessageOutcome) => messages.inc({ outcome }),
  };
};
