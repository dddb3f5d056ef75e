import { describe, expect, it } from 'vitest';
import { smsKeywordOf } from './sms-keywords.js';
import { OPT_OUT_WORDS } from '../../test/sms-keywords.js';

describe('SMS keywords', () => {
  it('recognizes each keyword whatever its case and spacing, and only as the whole message', () => {
    for (const word of OPT_OUT_WORDS) expect(smsKeywordOf(word), word).toBe('OPT_OUT');
    for (const word of ['START', 'yes', ' Unstop '])
      expect(smsKeywordOf(word), word).toBe('OPT_IN');
    for (const word of ['HELP', 'info', ' Help ']) expect(smsKeywordOf(word), word).toBe('HELP');
    for (const other of ['stop it', 'please stop', 'stopp', 'opt-out', 'yes please', '', null])
      expect(smsKeywordOf(other), String(other)).toBeUndefined();
  });
});
