import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export type ReceivedSms = {
  sid: string;
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string;
  receivedAt: number;
};

/** A call the fake was asked to place (`Calls.json`), with the parameters it was given. */
export type ReceivedCall = {
  sid: string;
  to: string;
  from: string;
  url: string;
  method: string;
  statusCallback: string;
  statusCallbackMethod: string;
  timeout: string;
  /** The Authorization header it came with. */
  authorization: string | undefined;
};

/** What the fake answers a request to place a call: a new call, or Twilio's error. */
export type FakeCallOutcome =
  { accept: true } | { accept: false; httpStatus: number; code: number; message: string };

/** A file the fake serves as MMS media. */
export type FakeMedia = {
  bytes: Buffer;
  contentType: string;
  /** Answers 500 this many times before serving it. */
  failures?: number;
};

/** What the fake does with one message: accept it and report a final state, or refuse it. */
export type FakeOutcome =
  | {
      accept: true;
      finalStatus: 'delivered' | 'undelivered' | 'failed';
      errorCode?: string;
      /** Makes every status callback, answered, before answering the send (a fast carrier). */
      callbacksFirst?: boolean;
      /** Sends no status callback (they were lost): only the Message resource tells the status. */
      noCallbacks?: boolean;
    }
  | { accept: false; httpStatus: number; code: number; message: string }
  /** Never answers: a request in flight when the sender dies. */
  | { hang: true };

export type FakeTwilio = {
  url: string;
  accountSid: string;
  authToken: string;
  /** The configuration that points a server at this fake, sending from `from`. */
  env: (from?: string) => {
    TWILIO_ACCOUNT_SID: string;
    TWILIO_AUTH_TOKEN: string;
    TWILIO_FROM: string;
    TWILIO_API_URL: string;
  };
  received: ReceivedSms[];
  /** Bodies of every request that reached the fake, answered or not. */
  attempts: string[];
  /** Decides each message's fate; by default every message is delivered. */
  setOutcome: (decide: (message: ReceivedSms) => FakeOutcome) => void;
  /**
   * Serves a file as media of an inbound MMS, as Twilio does: behind the account's Basic auth at
   * the URL it answers with, which redirects to the file itself.
   */
  addMedia: (messageSid: string, media: FakeMedia) => string;
  /** Every request for media: its path and the Authorization header it carried. */
  mediaRequests: { path: string; authorization: string | undefined }[];
  /**
   * Keeps a call's recording as Twilio does: answers its `RecordingSid` and `RecordingUrl` (the
   * webhook's, without an extension); `<RecordingUrl>.mp3` serves the file behind Basic auth.
   */
  addRecording: (bytes: Buffer) => { sid: string; url: string };
  /** Every request for a recording: its path and the Authorization header it carried. */
  recordingRequests: { path: string; authorization: string | undefined }[];
  /** Recordings deleted through `DELETE …/Recordings/RE….json` (authorized), in order. */
  deletedRecordings: string[];
  /** Whether the recording is still kept. */
  hasRecording: (sid: string) => boolean;
  /** Every call placed through the Calls API (only the ones it accepted). */
  calls: ReceivedCall[];
  /** Decides each call's fate; by default every call is queued. */
  setCallOutcome: (decide: (call: ReceivedCall) => FakeCallOutcome) => void;
  /** SIDs asked about through the Message resource (status reconciliation). */
  lookups: string[];
  /** The numbers (E.164) the account owns, as its IncomingPhoneNumbers list answers; none at first. */
  setOwnedNumbers: (numbers: string[]) => void;
  /** Every `PhoneNumber` asked about through IncomingPhoneNumbers. */
  numberLookups: string[];
  /** Resolves when every status callback sent so far has been answered. */
  settled: () => Promise<void>;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });

const shuffle = <T>(items: T[]) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

/**
 * A loopback stand-in for Twilio's Messages API: Basic auth, form parameters, a Message SID in
 * the answer, then status callbacks signed like Twilio's (X-Twilio-Signature), in shuffled order.
 * Its Calls API takes a call (a Call SID in the answer) and leaves the callbacks to the test.
 */
export const startFakeTwilio = async (): Promise<FakeTwilio> => {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const received: ReceivedSms[] = [];
  const attempts: string[] = [];
  const hanging = new Set<ServerResponse>();
  const media = new Map<string, FakeMedia>();
  const mediaRequests: { path: string; authorization: string | undefined }[] = [];
  const recordings = new Map<string, Buffer>();
  const recordingRequests: { path: string; authorization: string | undefined }[] = [];
  const deletedRecordings: string[] = [];
  const pending = new Set<Promise<unknown>>();
  const finalStatuses = new Map<string, { status: string; errorCode: string | undefined }>();
  const lookups: string[] = [];
  let owned: string[] = [];
  const numberLookups: string[] = [];
  const calls: ReceivedCall[] = [];
  let decideCall: (call: ReceivedCall) => FakeCallOutcome = () => ({ accept: true });
  let decide: (message: ReceivedSms) => FakeOutcome = () => ({
    accept: true,
    finalStatus: 'delivered',
  });
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const callback = async (message: ReceivedSms, status: string, errorCode?: string) => {
    const params: Record<string, string> = {
      AccountSid: accountSid,
      MessageSid: message.sid,
      SmsSid: message.sid,
      MessageStatus: status,
      SmsStatus: status,
      From: message.from,
      To: message.to,
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    };
    const signature = twilio.getExpectedTwilioSignature(authToken, message.statusCallback, params);
    await fetch(message.statusCallback, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
      },
      body: new URLSearchParams(params),
    }).catch(() => undefined);
  };

  /** Media URLs need the account's credentials; the file they redirect to does not (like S3's). */
  const serveMedia = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    const file = url.match(/^\/media-files\/(ME[0-9a-f]+)$/)?.[1];
    const sid = url.match(
      new RegExp(`^/2010-04-01/Accounts/${accountSid}/Messages/\\w+/Media/(ME[0-9a-f]+)$`),
    )?.[1];
    const found = media.get(file ?? sid ?? '');
    if (!found) return false;
    mediaRequests.push({ path: url, authorization: request.headers.authorization });
    if (file) {
      response.writeHead(200, { 'content-type': found.contentType });
      response.end(found.bytes);
    } else if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
    } else if ((found.failures ?? 0) > 0) {
      found.failures = (found.failures ?? 0) - 1;
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
    } else {
      response.writeHead(307, { location: `/media-files/${sid}` });
      response.end();
    }
    return true;
  };

  /** Deletes a recording (`DELETE …/Recordings/RE….json`): 204, or 404 when there is none. */
  const deleteRecording = (request: IncomingMessage, response: ServerResponse) => {
    const sid = (request.url ?? '').match(
      new RegExp(`^/2010-04-01/Accounts/${accountSid}/Recordings/(RE[0-9a-f]+)\\.json$`),
    )?.[1];
    if (!sid) return false;
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
    } else if (!recordings.delete(sid)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }));
    } else {
      deletedRecordings.push(sid);
      response.writeHead(204);
      response.end();
    }
    return true;
  };

  /** A recording's audio (`…/Recordings/RE….mp3`), behind the account's Basic auth. */
  const serveRecording = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    const sid = url.match(
      new RegExp(`^/2010-04-01/Accounts/${accountSid}/Recordings/(RE[0-9a-f]+)\\.mp3$`),
    )?.[1];
    if (!sid) return false;
    recordingRequests.push({ path: url, authorization: request.headers.authorization });
    const bytes = recordings.get(sid);
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
    } else if (!bytes) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }));
    } else {
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': bytes.length });
      response.end(bytes);
    }
    return true;
  };

  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && serveMedia(request, response)) return;
    if (request.method === 'GET' && serveRecording(request, response)) return;
    if (request.method === 'DELETE' && deleteRecording(request, response)) return;
    // The Message resource: what became of a message (its final status at once, here).
    const resource = request.url?.match(
      new RegExp(`^/2010-04-01/Accounts/${accountSid}/Messages/(SM[0-9a-f]+)\\.json$`),
    );
    if (request.method === 'GET' && resource) {
      if (request.headers.authorization !== expectedAuth)
        return json(401, { code: 20003, message: 'Authenticate', status: 401 });
      const known = finalStatuses.get(resource[1]!);
      if (!known)
        return json(404, {
          code: 20404,
          message: 'The requested resource was not found',
          status: 404,
        });
      lookups.push(resource[1]!);
      return json(200, {
        sid: resource[1],
        status: known.status,
        error_code: known.errorCode ? Number(known.errorCode) : null,
      });
    }
    // The account's numbers (IncomingPhoneNumbers), filtered by PhoneNumber as Twilio does.
    const requestUrl = new URL(request.url ?? '/', 'http://fake');
    if (
      request.method === 'GET' &&
      requestUrl.pathname === `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`
    ) {
      if (request.headers.authorization !== expectedAuth)
        return json(401, { code: 20003, message: 'Authenticate', status: 401 });
      const wanted = requestUrl.searchParams.get('PhoneNumber');
      if (wanted !== null) numberLookups.push(wanted);
      return json(200, {
        incoming_phone_numbers: owned
          .filter((number) => wanted === null || number === wanted)
          .map((number) => ({
            sid: `PN${createHash('md5').update(number).digest('hex')}`,
            account_sid: accountSid,
            phone_number: number,
            friendly_name: number,
          })),
        page: 0,
        page_size: 50,
      });
    }
    // The Calls API: a call placed, answered as Twilio's Call resource (or its error).
    if (
      request.method === 'POST' &&
      request.url === `/2010-04-01/Accounts/${accountSid}/Calls.json`
    ) {
      if (request.headers.authorization !== expectedAuth)
        return json(401, { code: 20003, message: 'Authenticate', status: 401 });
      const form = new URLSearchParams(await readBody(request));
      const call: ReceivedCall = {
        sid: `CA${randomBytes(16).toString('hex')}`,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        url: form.get('Url') ?? '',
        method: form.get('Method') ?? 'POST',
        statusCallback: form.get('StatusCallback') ?? '',
        statusCallbackMethod: form.get('StatusCallbackMethod') ?? 'POST',
        timeout: form.get('Timeout') ?? '60',
        authorization: request.headers.authorization,
      };
      // Twilio's own refusals of a request that lacks a parameter it needs.
      const missing: [number, string] | undefined = !call.to
        ? [21201, "No 'To' number is specified"]
        : !call.from
          ? [21213, "No 'From' number is specified"]
          : !call.url
            ? [21205, 'Url parameter is required.']
            : undefined;
      const outcome: FakeCallOutcome = missing
        ? { accept: false, httpStatus: 400, code: missing[0], message: missing[1] }
        : decideCall(call);
      if (!outcome.accept) {
        return json(outcome.httpStatus, {
          code: outcome.code,
          message: outcome.message,
          more_info: `https://www.twilio.com/docs/errors/${outcome.code}`,
          status: outcome.httpStatus,
        });
      }
      calls.push(call);
      return json(201, {
        sid: call.sid,
        account_sid: accountSid,
        to: call.to,
        from: call.from,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`,
      });
    }
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (request.method !== 'POST' || request.url !== path) {
      return json(404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    if (request.headers.authorization !== expectedAuth) {
      return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    const form = new URLSearchParams(await readBody(request));
    const message: ReceivedSms = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: form.get('To') ?? '',
      from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
      body: form.get('Body') ?? '',
      mediaUrls: form.getAll('MediaUrl'),
      statusCallback: form.get('StatusCallback') ?? '',
      receivedAt: Date.now(),
    };
    attempts.push(message.body);
    const outcome = decide(message);
    if ('hang' in outcome) {
      hanging.add(response);
      return;
    }
    if (!outcome.accept) {
      return json(outcome.httpStatus, {
        code: outcome.code,
        message: outcome.message,
        status: outcome.httpStatus,
      });
    }
    received.push(message);
    finalStatuses.set(message.sid, { status: outcome.finalStatus, errorCode: outcome.errorCode });
    const answer = () =>
      json(201, {
        sid: message.sid,
        status: 'queued',
        to: message.to,
        from: message.from,
        body: message.body,
      });
    if (!message.statusCallback || outcome.noCallbacks) return answer();
    const statuses = shuffle(['sending', 'sent', outcome.finalStatus]);
    const delivery = (async () => {
      for (const status of statuses) {
        await callback(
          message,
          status,
          status === outcome.finalStatus ? outcome.errorCode : undefined,
        );
      }
    })();
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
    if (outcome.callbacksFirst) await delivery;
    answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    env: (from = '+15125550000') => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    }),
    received,
    attempts,
    addMedia: (messageSid, file) => {
      const sid = `ME${randomBytes(16).toString('hex')}`;
      media.set(sid, { ...file });
      return `http://127.0.0.1:${port}/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}/Media/${sid}`;
    },
    mediaRequests,
    addRecording: (bytes) => {
      const sid = `RE${randomBytes(16).toString('hex')}`;
      recordings.set(sid, bytes);
      return {
        sid,
        url: `http://127.0.0.1:${port}/2010-04-01/Accounts/${accountSid}/Recordings/${sid}`,
      };
    },
    recordingRequests,
    deletedRecordings,
    hasRecording: (sid) => recordings.has(sid),
    lookups,
    calls,
    setCallOutcome: (next) => {
      decideCall = next;
    },
    setOwnedNumbers: (numbers) => {
      owned = [...numbers];
    },
    numberLookups,
    setOutcome: (next) => {
      decide = next;
    },
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => {
      hanging.forEach((response) => response.destroy());
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
};
