import { LIVE_SEQUENCE_HEADER } from '@leasing/contract';

/**
 * Whether what the console loaded before its socket first connected is current, so that first
 * connection loads nothing again. Each signed-in read answers with the company's live sequence
 * when it began (LIVE_SEQUENCE_HEADER) and the socket hears the sequence it connected at: a read
 * that began at that number or later misses no broadcast; one that began earlier may.
 *
 * Only what the judgement needs is kept: the lowest sequence the reads began at and how many are
 * still on their way.
 */
type Sequence = number | 'unknown' | 'none';

let tracking = true;
/** Tracking again (a new session) leaves the reads of the one before out of the count. */
let generation = 0;
/** The lowest sequence a read began at; `unknown` once one could not tell; null while none said. */
let lowest: number | 'unknown' | null = null;
let pending = 0;
let onSettled: (() => void)[] = [];
let lastJudgement: Promise<boolean> | null = null;

/** The sequence an answer carries: a number, `unknown` (the server could not tell), or `none`. */
export function sequenceOf(response: Response | null): Sequence {
  const header = response?.headers.get(LIVE_SEQUENCE_HEADER) ?? null;
  if (header === null) return 'none';
  const value = Number(header);
  return header !== '' && Number.isInteger(value) ? value : 'unknown';
}

/** Answers carrying no sequence (public pages, failures) hold no company data: they do not count. */
function note(sequence: Sequence) {
  if (sequence === 'none') return;
  if (sequence === 'unknown' || lowest === 'unknown') lowest = 'unknown';
  else lowest = lowest === null ? sequence : Math.min(lowest, sequence);
}

/**
 * Called by the API client as a read starts; what it returns takes the answer (null when none
 * came). Reads after the first connection are not tracked: they began after it.
 */
export function trackRead(): (response: Response | null) => void {
  if (!tracking) return () => undefined;
  const started = generation;
  pending += 1;
  return (response) => {
    if (started !== generation) return;
    note(sequenceOf(response));
    pending -= 1;
    if (pending === 0) {
      const listeners = onSettled;
      onSettled = [];
      listeners.forEach((listener) => listener());
    }
  };
}

/**
 * Whether every read before the first connection began at `connectedAt` or later (reads still on
 * their way are waited for, at most `timeoutMs`). Tracking stops here until `restartReadTracking`.
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
  if (connectedAt === null) return false;
  if (pending > 0) {
    const settled = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      onSettled.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!settled) return false;
  }
  return lowest === null || (lowest !== 'unknown' && lowest >= connectedAt);
}

/** A new socket (a new session) starts tracking again: its first connection is another first. */
export function restartReadTracking(): void {
  tracking = true;
  generation += 1;
  lowest = null;
  pending = 0;
  onSettled = [];
  lastJudgement = null;
}
