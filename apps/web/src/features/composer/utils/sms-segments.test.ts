import { describe, expect, it } from 'vitest';
import { countSmsSegments, formatSmsCount } from './sms-segments';

describe('countSmsSegments', () => {
  it('counts nothing for an empty message', () => {
    expect(countSmsSegments('')).toEqual({ characters: 0, segments: 0, encoding: 'GSM-7' });
  });

  it('fits 160 GSM-7 characters in one segment and splits the 161st into 153-character parts', () => {
    expect(countSmsSegments('a'.repeat(160))).toEqual({
      characters: 160,
      segments: 1,
      encoding: 'GSM-7',
    });
    expect(countSmsSegments('a'.repeat(161))).toEqual({
      characters: 161,
      segments: 2,
      encoding: 'GSM-7',
    });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('treats GSM-7 accents and symbols as one septet, the extension table as two', () => {
    expect(countSmsSegments('é£¥Ø§¿ÄÖÑÜà@_').encoding).toBe('GSM-7');
    // 80 '€' take 160 septets: still one segment; one more character does not fit.
    expect(countSmsSegments('€'.repeat(80))).toEqual({
      characters: 80,
      segments: 1,
      encoding: 'GSM-7',
    });
    expect(countSmsSegments(`${'€'.repeat(80)}a`).segments).toBe(2);
    // An escape pair is never split: 152 septets, then '{' starts the next part.
    expect(countSmsSegments(`${'a'.repeat(152)}{${'a'.repeat(10)}`).segments).toBe(2);
    expect(countSmsSegments(`${'a'.repeat(152)}${'{'.repeat(77)}`).segments).toBe(3);
  });

  it('switches the whole message to UCS-2 for one emoji: 70 units, then 67 per part', () => {
    expect(countSmsSegments('Hi 😀')).toEqual({ characters: 5, segments: 1, encoding: 'UCS-2' });
    expect(countSmsSegments(`${'a'.repeat(68)}😀`)).toEqual({
      characters: 70,
      segments: 1,
      encoding: 'UCS-2',
    });
    expect(countSmsSegments(`${'a'.repeat(69)}😀`).segments).toBe(2);
    // The pair does not fit in the first part's last unit: it starts the second.
    expect(countSmsSegments(`${'a'.repeat(66)}😀${'a'.repeat(10)}`).segments).toBe(2);
    expect(countSmsSegments('ç'.repeat(70))).toEqual({
      characters: 70,
      segments: 1,
      encoding: 'UCS-2',
    });
  });
});

describe('formatSmsCount', () => {
  it('reads as characters and segments', () => {
    expect(formatSmsCount(countSmsSegments('a'.repeat(123)))).toBe('123 characters · 1 segment');
    expect(formatSmsCount(countSmsSegments('a'.repeat(1600)))).toBe(
      '1,600 characters · 11 segments',
    );
    expect(formatSmsCount(countSmsSegments('a'))).toBe('1 character · 1 segment');
  });
});
