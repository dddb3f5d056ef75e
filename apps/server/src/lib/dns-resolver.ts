/**
 * Answers one DNS question (`TXT`, `A`, `MX`, …) as `dns.promises.resolve` does, rejecting with a
 * `code` (`ENOTFOUND`, `ENODATA`) when there is no record. Sender verification asks it for SPF,
 * DKIM keys and DMARC policies; tests answer from a table instead of the network.
 */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;
