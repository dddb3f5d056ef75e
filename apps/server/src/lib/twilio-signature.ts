import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { HttpError } from './errors.js';

type TwilioForm = Record<string, string>;

/**
 * Twilio signs each webhook with HMAC-SHA1 of the URL it called (PUBLIC_URL + path + query) and the
 * POST parameters; anything unsigned or signed otherwise is refused before it can change anything.
 */
export const verifyTwilioRequest = (
  request: FastifyRequest,
  publicUrl: string,
  authToken: string | undefined,
) => {
  const signature = request.headers['x-twilio-signature'];
  const url = `${publicUrl}${request.url}`;
  const params = (request.body ?? {}) as TwilioForm;
  if (
    !authToken ||
    typeof signature !== 'string' ||
    !twilio.validateRequest(authToken, signature, url, params)
  ) {
    throw new HttpError('BAD_SIGNATURE', 'The request is not signed by Twilio.');
  }
  return params;
};
