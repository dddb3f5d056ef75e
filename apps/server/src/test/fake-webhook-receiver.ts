import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * What the receiver does with one request: answer with a status (and, when given, this body
 * instead of `ok`), or hang past any timeout.
 */
export type ReceiverAnswer = { status: number; body?: string } | 'hang';

export type ReceivedWebhook = {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Whether the signature verified with the receiver's secret (and the timestamp is fresh). */
  verified: boolean;
  answer: ReceiverAnswer;
};

export type FakeWebhookReceiver = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: ReceivedWebhook[];
  /**
   * Events the receiver processed, by `Webhook-Id`: verified, answered 2xx, and not seen before —
   * what a receiver that deduplicates by the idempotency id does once per event.
   */
  processed: Map<string, unknown>;
  /** The signing secret to verify with (an endpoint's `whsec_…`). */
  setSecret: (secret: string) => void;
  /** Scripted answers, in order; once used up, `fallback` answers. */
  script: (answers: ReceiverAnswer[], fallback?: ReceiverAnswer) => void;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** A loopback webhook receiver speaking Standard Webhooks, as an integration would run it. */
export const startFakeWebhookReceiver = async (): Promise<FakeWebhookReceiver> => {
  let secret: string | undefined;
  let answers: ReceiverAnswer[] = [];
  let fallback: ReceiverAnswer = { status: 200 };
  const received: ReceivedWebhook[] = [];
  const processed = new Map<string, unknown>();

  const verify = (body: string, headers: IncomingMessage['headers']) => {
    if (!secret) return false;
    try {
      new Webhook(secret).verify(body, headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const answer = answers.shift() ?? fallback;
      const verified = verify(body, request.headers);
      received.push({ path: request.url ?? '/', headers: request.headers, body, verified, answer });
      if (answer === 'hang') return; // Never answers; closed with the server.
      const id = String(request.headers['webhook-id']);
      if (verified && answer.status < 300 && !processed.has(id)) {
        processed.set(id, JSON.parse(body));
      }
      response.writeHead(verified ? answer.status : 401, { 'content-type': 'text/plain' });
      response.end(verified ? (answer.body ?? 'ok') : 'bad signature');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    processed,
    setSecret: (value) => {
      secret = value;
    },
    script: (next, otherwise = { status: 200 }) => {
      answers = [...next];
      fallback = otherwise;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
