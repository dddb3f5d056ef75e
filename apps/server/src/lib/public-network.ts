import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * What a request to a URL someone else gave us (an MMS file, a webhook endpoint) may reach: only
 * addresses on the public internet, checked at connect time so DNS cannot change its answer
 * between the check and the connection.
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one on the public internet (not private, loopback, link-local, …). */
export const isPublicAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** DNS as usual, but an answer with a private address fails the connection with `refuse(…)`. */
export const publicOnlyLookup =
  (refuse: (message: string) => Error): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const answers: LookupAddress[] = Array.isArray(address)
        ? address
        : [{ address, family: family ?? 4 }];
      const internal = answers.find((answer) => !isPublicAddress(answer.address));
      if (internal) {
        return callback(
          refuse(`${hostname} resolves to a non-public address (${internal.address})`),
          address,
          family,
        );
      }
      callback(null, address, family);
    });
  };
