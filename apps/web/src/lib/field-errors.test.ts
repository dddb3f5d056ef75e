import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { fieldNameOf, toServerFieldErrors } from './field-errors';

describe("a 400's field errors", () => {
  it('names each field without the request part it came in', () => {
    expect(fieldNameOf('body.amountCents')).toBe('amountCents');
    expect(fieldNameOf('body.card.expYear')).toBe('card.expYear');
    expect(fieldNameOf('querystring.limit')).toBe('limit');
    expect(fieldNameOf('params.leadId')).toBe('leadId');
    expect(fieldNameOf('headers.idempotency-key')).toBe('headers.idempotency-key');
    expect(fieldNameOf('body')).toBe('body');
  });

  it('maps the details to one message per field, the first one the server gave', () => {
    const error = new ApiRequestError({
      status: 400,
      code: 'VALIDATION',
      message: 'body.description: too long; body.description: bad; body.amountCents: too much',
      details: [
        { path: 'body.description', message: 'too long' },
        { path: 'body.description', message: 'bad' },
        { path: 'body.amountCents', message: 'too much' },
      ],
    });
    expect(toServerFieldErrors(error)).toEqual({
      description: 'too long',
      amountCents: 'too much',
    });
  });

  it('has none for an error without details, or one that is not from the API', () => {
    const refused = new ApiRequestError({ status: 400, code: 'SEND_REFUSED', message: 'No.' });
    expect(toServerFieldErrors(refused)).toEqual({});
    expect(toServerFieldErrors(new Error('offline'))).toEqual({});
  });
});
