import type {
  AnyErrorCode,
  BookingCodeSent,
  PublicBookingCancelled,
  PublicBookingPage,
  PublicBookingRequest,
  PublicBookingResult,
  TourKind,
  TourSlot,
  TourSlotList,
} from '@leasing/contract';
import { apiPaths } from '@leasing/contract/paths';

/** A refusal the page can act on: the code, the sentence to show, the fields named wrong. */
export class BookingRequestError extends Error {
  constructor(
    readonly code: AnyErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly nextSlots: TourSlot[] = [],
  ) {
    super(message);
  }
}

type ErrorBody = {
  error?: {
    code?: AnyErrorCode;
    message?: string;
    details?: { path: string; message: string }[];
    nextSlots?: TourSlot[];
  };
};

/**
 * The page's own small client (the console's needs a session): JSON in and out, and every
 * refusal turned into a `BookingRequestError` with the server's sentence and fields.
 */
async function request<T>(url: string, init?: { method: 'POST'; body: unknown }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init?.method ?? 'GET',
      headers: init ? { 'content-type': 'application/json' } : {},
      body: init ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new BookingRequestError(
      'NETWORK',
      'We could not reach the server. Check your connection and try again.',
    );
  }
  const body = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (response.ok) return body;
  const error = body.error ?? {};
  const fields = Object.fromEntries(
    (error.details ?? []).map((detail) => [detail.path.replace(/^body\./, ''), detail.message]),
  );
  throw new BookingRequestError(
    error.code ?? 'INTERNAL',
    error.message ?? 'Something went wrong. Please try again.',
    fields,
    error.nextSlots ?? [],
  );
}

export const getBookingPage = (propertyId: string, token: string | undefined) =>
  request<PublicBookingPage>(
    `${apiPaths.publicBooking(propertyId)}${token ? `?t=${encodeURIComponent(token)}` : ''}`,
  );

export const getFreeSlots = (
  propertyId: string,
  query: { type: TourKind; from: string; to: string },
) =>
  request<TourSlotList>(
    `${apiPaths.publicBookingSlots(propertyId)}?${new URLSearchParams(query).toString()}`,
  );

export const requestCode = (propertyId: string, phone: string) =>
  request<BookingCodeSent>(apiPaths.publicBookingCode(propertyId), {
    method: 'POST',
    body: { phone },
  });

export const bookTour = (propertyId: string, booking: PublicBookingRequest) =>
  request<PublicBookingResult>(apiPaths.publicBooking(propertyId), {
    method: 'POST',
    body: booking,
  });

/** A lead's own link cancels their tour ahead. */
export const cancelTour = (propertyId: string, token: string) =>
  request<PublicBookingCancelled>(apiPaths.publicBookingCancel(propertyId), {
    method: 'POST',
    body: { t: token },
  });
