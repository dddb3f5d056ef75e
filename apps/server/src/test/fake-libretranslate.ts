import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TranslateRequest = {
  q: string;
  source: string;
  target: string;
  format?: string;
  api_key?: string;
};

export type FakeTranslator = {
  url: string;
  /** Every request body that reached the fake. */
  requests: TranslateRequest[];
  /** The next `count` requests are answered 500, as by a translator that is down. */
  failNext: (count: number) => void;
  close: () => Promise<void>;
};

/**
 * A loopback stand-in for a LibreTranslate server (`POST /translate`), speaking its documented
 * request and response shapes, including `detectedLanguage` for `source: "auto"` and its error
 * bodies. It "translates" with the phrasebook it is given: enough to tell its answer from the
 * original, which is all the product may rely on.
 */
export const startFakeTranslator = async (options: {
  phrasebook: Record<string, { language: string; english: string }>;
  apiKey?: string;
}): Promise<FakeTranslator> => {
  const requests: TranslateRequest[] = [];
  let failures = 0;
  const readJson = (request: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        try {
          resolve(JSON.parse(body));
        } catch {
          resolve(undefined);
        }
      });
    });

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/translate') return send(404, {});
    const body = (await readJson(request)) as TranslateRequest | undefined;
    if (!body || typeof body.q !== 'string') return send(400, { error: 'Invalid request: q' });
    requests.push(body);
    if (failures > 0) {
      failures -= 1;
      return send(500, { error: 'Translation service overloaded' });
    }
    if (options.apiKey && body.api_key !== options.apiKey) {
      return send(403, { error: 'Invalid API key' });
    }
    const entry = options.phrasebook[body.q.trim()];
    const language = entry?.language ?? 'en';
    const translatedText = entry?.english ?? body.q;
    return send(
      200,
      body.source === 'auto'
        ? { translatedText, detectedLanguage: { confidence: 90, language } }
        : { translatedText },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
