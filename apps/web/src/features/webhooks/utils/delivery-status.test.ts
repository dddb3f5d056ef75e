import { describe, expect, it } from 'vitest';
import { attemptsLabel, deliveryStatusInfo } from './delivery-status';

describe('delivery status', () => {
  it('names every status for people', () => {
    expect(deliveryStatusInfo.succeeded.label).toBe('Delivered');
    expect(deliveryStatusInfo.failed.label).toBe('Failed');
    expect(deliveryStatusInfo.pending.label).toBe('Pending');
  });

  it('counts attempts against the most a delivery gets', () => {
    expect(attemptsLabel(0, 9, 'pending')).toBe('Not tried yet');
    expect(attemptsLabel(3, 9, 'failed')).toBe('3 of 9 attempts');
    expect(attemptsLabel(2, 9, 'pending')).toBe('2 of 9 attempts');
    expect(attemptsLabel(1, 1, 'failed')).toBe('1 of 1 attempt');
    expect(attemptsLabel(1, 9, 'succeeded')).toBe('1 attempt');
    expect(attemptsLabel(3, 9, 'succeeded')).toBe('3 attempts');
  });
});
