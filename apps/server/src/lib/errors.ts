import { errorCodes } from '@leasing/contract';
import type { ErrorCode } from '@leasing/contract';

/** One wrong field: `path` starts with the request part (`body.`, `params.`, `querystring.`, `headers.`). */
export type FieldProblem = { path: string; message: string };

/**
 * An error the client can act on: a code of the contract (`errorCodes`), a sentence for a person,
 * and the status the contract gives the code, so the two can never disagree.
 */
export class HttpError extends Error {
  /** The HTTP status answered: `errorCodes[code].status`. */
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Which fields are wrong, as validation errors name them (`body.leadID`). */
    readonly details: FieldProblem[] = [],
    /** More facts for the client, answered beside code and message (e.g. a 409's newer events). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = errorCodes[code].status;
  }
}

export const unauthorized = (message = 'Sign in to continue.') =>
  new HttpError('UNAUTHORIZED', message);
export const forbidden = () => new HttpError('FORBIDDEN', 'User is not permitted');
export const notFound = (what: string) => new HttpError('NOT_FOUND', `${what} not found.`);
/** The field as a person reads it: `body.leadID` → `leadID`; a whole part (`body`) stays as is. */
const fieldLabel = (path: string) => path.replace(/^(body|params|querystring|headers)\./, '');

/**
 * A 400 about one field, answered like a schema validation error: `badRequest('body.leadID',
 * 'must match the lead in the path')` → message `leadID: must match…`, details `[{ path, message }]`.
 */
export const badRequest = (path: string, problem: string) =>
  new HttpError('VALIDATION', `${fieldLabel(path)}: ${problem}`, {}, [{ path, message: problem }]);
