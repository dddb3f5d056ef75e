/** What time it is; injected where tests must move time instead of waiting for it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
