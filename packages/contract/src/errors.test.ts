import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './common.js';
import { clientErrorCodes, errorCodeList, errorCodes, isErrorCode } from './errors.js';
import { paymentErrorCodes } from './payments.js';

describe('errorCodes', () => {
  it('gives every code an error status and a one-line description', () => {
    for (const [code, { status, description }] of Object.entries(errorCodes)) {
      expect(code, code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(status >= 400 && status < 600, `${code}: ${status}`).toBe(true);
      expect(description.trim(), code).not.toBe('');
      expect(description, code).not.toContain('\n');
    }
  });

  it('keeps the client’s own codes apart from the server’s', () => {
    for (const code of Object.keys(clientErrorCodes)) expect(isErrorCode(code), code).toBe(false);
  });

  it('lists the payment host’s codes', () => {
    for (const code of Object.values(paymentErrorCodes)) expect(isErrorCode(code), code).toBe(true);
  });

  it('is what apiErrorSchema reads as a code, and nothing else', () => {
    expect(errorCodeList).toEqual(Object.keys(errorCodes));
    const body = (code: string) => ({ error: { code, message: 'A sentence for a person.' } });
    for (const code of errorCodeList)
      expect(apiErrorSchema.safeParse(body(code)).success).toBe(true);
    expect(apiErrorSchema.safeParse(body('FST_ERR_CTP_BODY_TOO_LARGE')).success).toBe(false);
    expect(apiErrorSchema.safeParse(body('NETWORK_ERROR')).success).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('reads the fields the server adds beside code and message', () => {
    const staleDraft = {
      error: {
        code: 'STALE_DRAFT',
        message: 'New activity since you started writing',
        newEventCount: 2,
        newEventIds: ['a', 'b'],
      },
    };
    expect(apiErrorSchema.parse(staleDraft)).toEqual(staleDraft);
    const validation = {
      error: {
        code: 'VALIDATION',
        message: 'leadID: must match the lead in the path',
        details: [{ path: 'body.leadID', message: 'must match the lead in the path' }],
      },
    };
    expect(apiErrorSchema.parse(validation)).toEqual(validation);
    // A 409's own fields (quiet hours) do not stop the common ones from being read.
    const quietHours = { error: { code: 'QUIET_HOURS', message: 'Late', leadFirstName: 'Noor' } };
    expect(apiErrorSchema.safeParse(quietHours).success).toBe(true);
  });
});
