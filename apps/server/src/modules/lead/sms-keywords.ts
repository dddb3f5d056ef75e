export type SmsKeyword = 'OPT_OUT' | 'OPT_IN' | 'HELP';

/** The carrier keywords (CTIA); only a message that is nothing but the keyword counts. */
const KEYWORDS: Record<string, SmsKeyword> = {
  stop: 'OPT_OUT',
  stopall: 'OPT_OUT',
  unsubscribe: 'OPT_OUT',
  cancel: 'OPT_OUT',
  end: 'OPT_OUT',
  quit: 'OPT_OUT',
  revoke: 'OPT_OUT',
  optout: 'OPT_OUT',
  'opt out': 'OPT_OUT',
  start: 'OPT_IN',
  yes: 'OPT_IN',
  unstop: 'OPT_IN',
  help: 'HELP',
  info: 'HELP',
};

/** " Opt   OUT " is "opt out": case and spacing are how phones and people type, not meaning. */
export const smsKeywordOf = (body: string | null | undefined): SmsKeyword | undefined =>
  KEYWORDS[(body ?? '').trim().replace(/\s+/g, ' ').toLowerCase()];
