import { authenticate } from 'mailauth';
import type { DnsResolver } from '../../lib/dns-resolver.js';

/** Where an SMTP message came from: what SPF judges. The webhook has no client to judge. */
export type SmtpClient = { ip: string; helo: string | undefined; mailFrom: string | undefined };

/**
 * What SPF, DKIM and DMARC said of a message, and the verdict: `true` when DMARC passed (or, with no
 * DMARC policy, SPF or DKIM did), `false` when DMARC failed (or, with no policy, SPF failed with no
 * passing signature, or a signature failed with no SPF pass), undefined when nothing could be said
 * (no records, DNS unreachable). A `false` message is kept, marked, never opens a lead, and is
 * no reply of the lead's until a person confirms its sender (sender-confirmation.service.ts); an
 * undefined one is filed as a reply, marked as not verifiable.
 */
export type SenderAuthentication = {
  verified: boolean | undefined;
  spf: string;
  dkim: string;
  dmarc: string;
};

const FAILED_SPF = new Set(['fail', 'softfail']);

const dkimSummary = (results: { status: { result: string } }[]) => {
  const outcomes = results.map((row) => row.status.result);
  if (outcomes.includes('pass')) return 'pass';
  if (outcomes.some((outcome) => outcome === 'fail' || outcome === 'neutral')) return 'fail';
  return outcomes[0] ?? 'none';
};

export const senderVerdict = ({ spf, dkim, dmarc }: Omit<SenderAuthentication, 'verified'>) => {
  if (dmarc === 'pass') return true;
  if (dmarc === 'fail') return false;
  if (spf === 'pass' || dkim === 'pass') return true;
  if (FAILED_SPF.has(spf) || dkim === 'fail') return false;
  return undefined;
};

/** Checks SPF (for an SMTP client), DKIM signatures and the From domain's DMARC policy. */
export const verifySender = async (
  raw: Buffer,
  client: SmtpClient | undefined,
  options: { resolver: DnsResolver | undefined; mta: string },
): Promise<SenderAuthentication> => {
  const result = await authenticate(raw, {
    ...(client
      ? { ip: client.ip, helo: client.helo, sender: client.mailFrom ?? '' }
      : { ip: '0.0.0.0' }),
    mta: options.mta,
    disableArc: true,
    disableBimi: true,
    ...(options.resolver
      ? {
          resolver: options.resolver as NonNullable<Parameters<typeof authenticate>[1]>['resolver'],
        }
      : {}),
  });
  const summary = {
    // The webhook's provider is the client we would judge; its SPF says nothing of the sender.
    spf: client ? (result.spf ? result.spf.status.result : 'none') : 'none',
    dkim: dkimSummary(result.dkim?.results ?? []),
    dmarc: result.dmarc ? result.dmarc.status.result : 'none',
  };
  return { verified: senderVerdict(summary), ...summary };
};
