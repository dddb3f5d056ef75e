import { LIVE_SEQUENCE_HEADER } from '@leasing/contract';

/**
 * Whether what the console loaded before its socket first connected is current, so that first
 * connection loads nothing again. Each signed-in read answers with the company's live sequence
 * when it began (LIVE_SEQUENCE_HEADER) and the socket hears the sequence it connected at: a read
 * that began at that number or later misses no broadcast; one that began earlier may.
 */
type Read = { sequence: number | 'unknown' | 'none'; done: Promise<void> };

let reads: Read[] = [];
let tracking = true;
let lastJudgement: Promise<boolean> | null = null;

/** The sequence an answer carries: a number, `unknown` (the server could not tell), or `none`. */
export function sequenceOf(response: Response | null): Read['sequence'] {
  const header = response?.headers.get(LIVE_SEQUENCE_HEADER) ?? null;
  if (header === null) return 'none';
  const value = Number(header);
  return header !== '' && Number.isInteger(value) ? value : 'unknown';
}

/**
 * Called by the API client as a read starts; what it returns takes the answer (null when none
 * came). Reads after the first connection are not tracked: they began after it.
 */
export function trackRead(): (response: Response | null) => void {
  if (!tracking) return () => undefined;
  let settle: () => void = () => undefined;
  const read: Read = {
    sequence: 'none',
    done: new Promise((resolve) => (settle = resolve)),
  };
  reads.push(read);
  return (response) => {
    read.sequence = sequenceOf(response);
    settle();
  };
}

/**
 * Whether every read before the first connection began at `connectedAt` or later (reads still on
 * their way are waited for, at most `timeoutMs`). Answers carrying no sequence (public pages,
 * failures) hold no company data and do not count. Tracking stops here until `restartReadTracking`.
 */
export function readsAreCurrent(connectedAt: number | null, timeoutMs = 10_000): Promise<boolean> {
  lastJudgement = judgeReads(connectedAt, timeoutMs);
  return lastJudgement;
}

/** The last judgement of a first connection (tests await it instead of waiting a while). */
export function lastReadsJudgement(): Promise<boolean> | null {
  return lastJudgement;
}

async function judgeReads(connectedAt: number | null, timeoutMs: number): Promise<boolean> {
  tracking = false;
  const pending = reads;
  reads = [];
  if (connectedAt === null) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    Promise.all(pending.map((read) => read.done)).then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  return (
    settled &&
    pending.every(
      (read) =>
        read.sequence === 'none' || (read.sequence !== 'unknown' && read.sequence >= connectedAt),
    )
  );
}

/** A new socket (a new session) starts tracking again: its first connection is another first. */
export function restartReadTracking(): void {
  tracking = true;
  reads = [];
  lastJudgement = null;
}
