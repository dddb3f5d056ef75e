import type { CompanyNumber } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { fallbackNumberId, removalBlockedReason, sortNumbers } from './number-usage';

function number(overrides: Partial<CompanyNumber>): CompanyNumber {
  return {
    _id: 'n-1',
    number: '+15125550100',
    isSharedNumber: false,
    properties: [],
    source: null,
    trackingProperty: null,
    createdAt: '2026-11-20T15:05:00.000Z',
    ...overrides,
  };
}

const maple = { _id: 'p-1', name: 'Maple Court', pmsPropertyId: 'PMS-100' };
const harbor = { _id: 'p-2', name: 'Harbor View', pmsPropertyId: 'PMS-200' };

describe('numbers: who texts from which', () => {
  it('puts the shared number first and keeps the others in the order they were added', () => {
    const own = number({ _id: 'own' });
    const later = number({ _id: 'later' });
    const shared = number({ _id: 'shared', isSharedNumber: true });
    expect(sortNumbers([own, shared, later]).map((n) => n._id)).toEqual(['shared', 'own', 'later']);
  });

  it('falls back to the shared number, else to the oldest number no property has', () => {
    const used = number({ _id: 'used', properties: [maple] });
    const free = number({ _id: 'free' });
    const freeLater = number({ _id: 'free-later' });
    const shared = number({ _id: 'shared', isSharedNumber: true });
    expect(fallbackNumberId([used, free, shared])).toBe('shared');
    expect(fallbackNumberId([used, free, freeLater])).toBe('free');
    expect(fallbackNumberId([used])).toBeNull();
    // A tracking number is its property's way in, never the fallback.
    const tracking = number({ _id: 'tracking', trackingProperty: { _id: 'p-1', name: 'Maple' } });
    expect(fallbackNumberId([used, tracking, freeLater])).toBe('free-later');
  });

  it('says why the shared number and numbers in use cannot be removed', () => {
    expect(removalBlockedReason(number({ isSharedNumber: true }))).toBe(
      'The shared number belongs to this deployment and stays.',
    );
    expect(removalBlockedReason(number({ properties: [maple] }))).toBe(
      'In use by Maple Court — give it another number first.',
    );
    expect(removalBlockedReason(number({ properties: [maple, harbor] }))).toBe(
      'In use by Maple Court and Harbor View — give them another number first.',
    );
    expect(removalBlockedReason(number({}))).toBeNull();
  });
});
