/** STOP and its synonyms as leads type them: any case, inner and outer spacing. */
export const OPT_OUT_WORDS = [
  'STOP',
  'stopall',
  'Unsubscribe',
  'CANCEL',
  'end',
  'Quit',
  'revoke',
  'OptOut',
  'opt out',
  'OPT   OUT',
  '  Stop  ',
  '\tSTOP\n',
];
