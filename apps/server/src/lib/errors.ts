/** One wrong field: `path` starts with the request part (`body.`, `params.`, `querystring.`, `headers.`). */
export type FieldProblem = { path: string; message: string };

/** An error the client can act on: its status, a stable code, and a sentence for a person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Which fields are wrong, as validation errors name them (`body.leadID`). */
    readonly details: FieldProblem[] = [],
    /** More facts for the client, answered beside code and message (e.g. a 409's newer events). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = (message = 'Sign in to continue.') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', 'User is not permitted');
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found.`);
/** The field as a person reads it: `body.leadID` → `leadID`; a whole part (`body`) stays as is. */
const fieldLabel = (path: string) => path.replace(/^(body|params|querystring|headers)\./, '');

/**
 * A 400 about one field, answered like a schema validation error: `badRequest('body.leadID',
 * 'must match the lead in the path')` → message `leadID: must match…`, details `[{ path, message }]`.
 */
export const badRequest = (path: string, problem: string) =>
  new HttpError(400, 'VALIDATION', `${fieldLabel(path)}: ${problem}`, {}, [
    { path, message: problem },
  ]);
