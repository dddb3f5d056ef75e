import { describe, expect, it } from 'vitest';
import { getLinkDisplayStatus } from './link-status';

const now = new Date('2026-11-22T15:00:00.000Z');
const active = {
  status: 'ACTIVE' as const,
  openedAt: null,
  expiresAt: '2026-11-29T15:00:00.000Z',
};

describe('getLinkDisplayStatus', () => {
  it('tells an opened active link from one not yet opened', () => {
    expect(getLinkDisplayStatus(active, now)).toBe('ACTIVE');
    expect(getLinkDisplayStatus({ ...active, openedAt: '2026-11-22T16:00:00.000Z' }, now)).toBe(
      'OPENED',
    );
  });

  it("keeps the server's paid and expired, and expires a link past its time", () => {
    expect(getLinkDisplayStatus({ ...active, status: 'PAID' }, now)).toBe('PAID');
    expect(getLinkDisplayStatus({ ...active, status: 'EXPIRED' }, now)).toBe('EXPIRED');
    expect(getLinkDisplayStatus({ ...active, expiresAt: '2026-11-22T14:59:00.000Z' }, now)).toBe(
      'EXPIRED',
    );
  });
});
