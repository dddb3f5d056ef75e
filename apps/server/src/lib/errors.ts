/** An error the client can act on: its status, a stable code, and a sentence for a person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = (message = 'Sign in to continue.') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', 'User is not permitted');
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found.`);
export const badRequest = (message: string) => new HttpError(400, 'VALIDATION', message);
