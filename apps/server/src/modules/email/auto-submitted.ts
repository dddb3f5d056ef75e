import { headerValues, type HeaderLine } from './mail-headers.js';

const AUTOMATIC_PRECEDENCE = new Set(['auto_reply', 'bulk', 'junk']);

/**
 * Whether a machine wrote this message (out-of-office, autoresponder, list mail): RFC 3834's
 * Auto-Submitted other than `no`, the older X-Autoreply / X-Autorespond, or Precedence
 * auto_reply / bulk / junk. Such mail is recorded but must never be answered automatically, or two
 * autoresponders would answer each other forever.
 */
export const isAutoSubmitted = (lines: ReadonlyArray<HeaderLine>): boolean => {
  const autoSubmitted = headerValues(lines, 'auto-submitted').map((value) =>
    (value.split(';')[0] ?? '').trim().toLowerCase(),
  );
  if (autoSubmitted.some((value) => value !== '' && value !== 'no')) return true;
  if (headerValues(lines, 'x-autoreply').length > 0) return true;
  if (headerValues(lines, 'x-autorespond').length > 0) return true;
  return headerValues(lines, 'precedence').some((value) =>
    AUTOMATIC_PRECEDENCE.has(value.trim().toLowerCase()),
  );
};
