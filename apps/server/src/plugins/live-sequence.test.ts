import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import {
  createMemoryLiveSequence,
  createRedisLiveSequence,
  type LiveSequence,
} from './live-sequence.js';

/** Redis when the run has one (CI does), so every process of a deployment counts together. */
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
afterAll(() => redis?.disconnect());

const kinds: { name: string; make: () => LiveSequence }[] = [
  { name: 'in memory', make: createMemoryLiveSequence },
  ...(redis
    ? [{ name: 'in Redis', make: () => createRedisLiveSequence(redis, pino({ level: 'silent' })) }]
    : []),
];

describe.each(kinds)('the live sequence $name', ({ make }) => {
  it('starts at 0, counts each broadcast, and keeps companies apart', async () => {
    const sequence = make();
    const [ours, theirs] = [randomUUID(), randomUUID()];
    expect(await sequence.current(ours)).toBe(0);
    await sequence.advance(ours);
    await sequence.advance(ours);
    expect(await sequence.current(ours)).toBe(2);
    expect(await sequence.current(theirs)).toBe(0);
  });
});
