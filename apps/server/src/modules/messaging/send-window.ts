/**
 * When a message may leave (quiet hours, the lead's local day): asked by the release of a
 * scheduled message at its time. Not allowed: the message stays scheduled, moved to
 * `nextAllowedAt`. Injected into the messaging module; the default allows every moment.
 */
export type SendWindow = (input: {
  leadId: string;
  companyId: string;
  channel: 'SMS' | 'EMAIL';
  now: Date;
}) => Promise<{ allowed: true } | { allowed: false; nextAllowedAt: Date }>;

export const alwaysAllowed: SendWindow = () => Promise.resolve({ allowed: true });
