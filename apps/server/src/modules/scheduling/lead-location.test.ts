import { describe, expect, it } from 'vitest';
import { areaCodePlaceOf, leadLocationOf, zoneLabelOf } from './lead-location.js';

describe("the lead's zone and state", () => {
  it('reads the zone and the state from the area code (Google’s libphonenumber data)', async () => {
    expect(await areaCodePlaceOf('+13125550142')).toEqual({
      zones: ['America/Chicago'],
      state: 'IL',
    });
    expect(await areaCodePlaceOf('+12145550142')).toEqual({
      zones: ['America/Chicago'],
      state: 'TX',
    });
    expect(await areaCodePlaceOf('+13055550142')).toMatchObject({ state: 'FL' });
    expect(await areaCodePlaceOf('+14055550142')).toMatchObject({ state: 'OK' });
    // 555 numbers are placed nowhere: their zone list would be the whole country's.
    expect(await areaCodePlaceOf('+15550100001')).toBeNull();
  });

  it("takes the property's zone when the area code spans several and it is one of them, else the first", async () => {
    // 907 (Alaska) spans America/Adak and America/Anchorage.
    const alaska = { timeZone: null, phone: '+19075550142' };
    expect(
      await leadLocationOf({ ...alaska, propertyTimeZone: 'America/Anchorage' }),
    ).toMatchObject({ timeZone: { zone: 'America/Anchorage', source: 'area-code' }, state: 'AK' });
    expect(await leadLocationOf({ ...alaska, propertyTimeZone: 'America/New_York' })).toMatchObject(
      { timeZone: { zone: 'America/Adak', source: 'area-code' } },
    );
  });

  it("prefers the integration's zone, and falls back to the property's", async () => {
    expect(
      await leadLocationOf({
        timeZone: 'America/Denver',
        phone: '+12145550142',
        propertyTimeZone: 'America/Chicago',
      }),
    ).toEqual({
      timeZone: { zone: 'America/Denver', label: 'Mountain', source: 'integration' },
      // The state still comes from the number: Texas rules follow a Texas number.
      state: 'TX',
    });
    expect(
      await leadLocationOf({ timeZone: null, phone: null, propertyTimeZone: 'America/Phoenix' }),
    ).toEqual({
      timeZone: { zone: 'America/Phoenix', label: 'Mountain', source: 'property' },
      state: null,
    });
  });

  it('names zones as people do', () => {
    expect(zoneLabelOf('America/Chicago')).toBe('Central');
    expect(zoneLabelOf('America/Los_Angeles')).toBe('Pacific');
    expect(zoneLabelOf('UTC')).toBe('UTC');
  });
});
