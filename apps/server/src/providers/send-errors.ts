/** The provider refused for good (bad number, opted out): retrying cannot help. */
export class PermanentSendError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

/** A timeout, a rate limit or a provider outage: worth another try later. */
export class TransientSendError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'TransientSendError';
  }
}
