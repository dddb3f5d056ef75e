import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.js';
import { leadParamsSchema } from './leads.js';

describe('contract schemas', () => {
  it('rejects a login without a valid email and names the field', () => {
    const result = loginRequestSchema.safeParse({ email: 'not-an-email', password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['email']);
  });

  it('requires the property id of a lead route to be a uuid', () => {
    expect(leadParamsSchema.safeParse({ propertyId: 'abc', leadId: 'L-1' }).success).toBe(false);
    expect(
      leadParamsSchema.safeParse({
        propertyId: '0b6c1f7e-3c7a-4f3e-9d7a-2d6f1f0c9a11',
        leadId: 'L-1',
      }).success,
    ).toBe(true);
  });
});
