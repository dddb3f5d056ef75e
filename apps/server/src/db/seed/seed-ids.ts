import { createHash } from 'node:crypto';

/** A stable UUID for a seed entity, so the demo has the same ids on every machine. */
export const seedId = (name: string): string => {
  const hex = createHash('sha256').update(`leasing-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
