import type { ConsentRecord } from '@leasing/contract';
import { consentHow } from '../../../lib/consent-how';
import { formatDate } from '../../../lib/format-date';

/**
 * The contact facts' consent line: "Texts off since Nov 20, 2026 — replied STOP". `timeZone`
 * pins the day (tests); the viewer's zone otherwise.
 */
export function consentLine(record: ConsentRecord, timeZone?: string): string {
  const what = record.channel === 'SMS' ? 'Texts' : 'Email';
  const state = record.status === 'OPT_OUT' ? 'off' : record.status === 'OPT_IN' ? 'on' : 'unset';
  return `${what} ${state} since ${formatDate(record.at, { timeZone })} — ${consentHow(record)}`;
}
