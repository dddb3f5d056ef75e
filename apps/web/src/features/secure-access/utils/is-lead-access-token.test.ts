import { LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../../testing/fixtures';
import { isLeadAccessToken } from './is-lead-access-token';

describe('isLeadAccessToken', () => {
  it("tells a secure link's token from a staff ID token by its audience", () => {
    expect(isLeadAccessToken(fakeJwt({ aud: LEAD_ACCESS_AUDIENCE }))).toBe(true);
    expect(isLeadAccessToken(fakeJwt({ aud: [LEAD_ACCESS_AUDIENCE] }))).toBe(true);
    expect(isLeadAccessToken(fakeJwt({ aud: 'leasing-console' }))).toBe(false);
    expect(isLeadAccessToken(fakeJwt())).toBe(false);
    expect(isLeadAccessToken('not-a-jwt')).toBe(false);
  });
});
