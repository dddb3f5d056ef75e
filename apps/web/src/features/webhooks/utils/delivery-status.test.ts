import { describe, expect, it } from 'vitest';
import { attemptsLabel, deliveryStatusInfo } from './delivery-status';

describe('delivery status', () => {
  it('names every status for people', () => {
    expect(deliveryStatusInfo.succeeded.label).toBe('Delivered');
    expect(deliveryStatusInfo.failed.label).toBe('Failed');
    expect(deliveryStatusInfo.pending.label).toBe('Pending');
  });

  it('counts attempts against the most a delivery gets', () => {
    expect(attemptsLabel(0, 9)).toBe('Not tried yet');
    expect(attemptsLabel(3, 9)).toBe('3 of 9 attempts');
    expect(attemptsLabel(1, 1)).toBe('1 of 1 attempt');
  });
});
