import type { Lead, LeadSummary, Property, User } from '@leasing/contract';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like the server's ID token (not signed: only the shape is checked here). */
export function fakeJwt(claims: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 900, ...claims }),
  );
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

export const demoUser: User = {
  _id: 'user-1',
  email: 'demo@leasing.test',
  name: 'Dana Agent',
  picture: null,
  companyID: 'company-1',
  companyName: 'Riverside Living',
  companyStatus: 'ACTIVE',
};

export const properties: Property[] = [
  {
    _id: '0b6c1f7e-3c7a-4f3e-9d7a-2d6f1f0c9a11',
    name: 'Maple Court',
    pmsPropertyId: 'PMS-100',
    address: '12 Maple St, Springfield',
    leadCount: 3,
  },
  {
    _id: '5d2a7c3b-8e1f-4a6d-9b0c-7f3e2d1a4b5c',
    name: 'Harbor View',
    pmsPropertyId: 'PMS-200',
    address: null,
    leadCount: 0,
  },
];

export function leadSummary(overrides: Partial<LeadSummary> = {}): LeadSummary {
  return {
    _id: 'lead-1',
    pmsLeadId: 'L-1',
    propertyID: properties[0]!._id,
    name: 'Jordan Prospect',
    phone: '+1 555 0100',
    email: 'jordan@example.com',
    phoneOptStatus: 'OPT_IN',
    emailOptStatus: 'NO_INDICATION',
    officeDecisionStatus: null,
    tourDateUTC: null,
    lastActivityAt: '2026-11-22T15:05:00.000Z',
    ...overrides,
  };
}

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    _id: 'lead-1',
    pmsLeadId: 'L/1',
    propertyID: properties[0]!._id,
    propertyName: 'Maple Court',
    name: 'Jordan Prospect',
    phone: '+1 555 0100',
    email: 'jordan@example.com',
    companyID: 'company-1',
    companyName: 'Riverside Living',
    companyRegisteredLeasingEmail: 'leasing@riverside.test',
    companyStatus: 'ACTIVE',
    tourDateUTC: '2026-11-24T18:30:00.000Z',
    phoneOptStatus: 'OPT_IN',
    emailOptStatus: 'OPT_OUT',
    preferredLanguage: null,
    officeDecisionState: { status: 'PENDING', completedAt: null, completedByUserName: null },
    notes: [],
    conversations: [],
    conversationsCursor: null,
    ...overrides,
  };
}
