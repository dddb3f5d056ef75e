import { apiErrorSchema } from '@leasing/contract';
import type { AnyErrorCode } from '@leasing/contract';
import type { ZodType } from 'zod';
import { ApiRequestError } from '../../../lib/api-client';

type PaymentRequestOptions<T> = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string>;
  schema: ZodType<T>;
  signal?: AbortSignal;
};

const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';
const INVALID_RESPONSE_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * The payment host's client. The staff client signs requests with a staff token and turns a 401
 * into a sign-out; a payer has no session, the link's token in the request is the only credential,
 * so this one is a plain same-origin fetch that shares only the error type.
 */
export async function paymentRequest<T>(
  path: string,
  { method = 'GET', body, query, schema, signal }: PaymentRequestOptions<T>,
): Promise<T> {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(`${path}${search}`, {
      method,
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal,
    });
  } catch (cause) {
    // Cancellation is the caller's own doing (react-query aborts unused queries): keep it as is.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }

  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiRequestError(response.status, json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: INVALID_RESPONSE_MESSAGE,
    });
  }
  return parsed.data;
}

function toApiRequestError(status: number, json: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiRequestError({ status, code, message, details });
  }
  // Not our JSON (a proxy's error page): say what a payer can do about it.
  return new ApiRequestError({ status, code: 'HTTP_ERROR', message: INVALID_RESPONSE_MESSAGE });
}

/**
 * The server's codes for a link that cannot be paid as the page shows it: forged or unknown,
 * expired, already paid, taken by another provider's form, or links turned off. Fetching the link
 * again shows the page that fits.
 */
const LINK_GONE_CODES: ReadonlySet<AnyErrorCode> = new Set<AnyErrorCode>([
  'PAYMENT_LINK_INVALID',
  'NOT_FOUND',
  'PAYMENT_LINK_EXPIRED',
  'PAYMENT_LINK_PAID',
  'WRONG_PROVIDER',
  'PAYMENT_LINKS_OFF',
]);

export function isLinkGoneError(error: unknown): boolean {
  return error instanceof ApiRequestError && LINK_GONE_CODES.has(error.code);
}
