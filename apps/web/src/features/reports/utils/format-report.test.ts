import { describe, expect, it } from 'vitest';
import { changeOf, formatHour, formatMinutes, formatShare } from './format-report';

describe('report formats', () => {
  it('writes waits in minutes, hours and days', () => {
    expect(formatMinutes(4)).toBe('4 min');
    expect(formatMinutes(3.6)).toBe('4 min');
    expect(formatMinutes(0.2)).toBe('under 1 min');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(72)).toBe('1 h 12 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(3060)).toBe('2 d 3 h');
    expect(formatMinutes(2880)).toBe('2 d');
  });

  it('writes shares and hours', () => {
    expect(formatShare(31, 50)).toBe('62%');
    expect(formatShare(0, 0)).toBe('—');
    expect(formatHour(0)).toBe('12 AM');
    expect(formatHour(9)).toBe('9 AM');
    expect(formatHour(12)).toBe('12 PM');
    expect(formatHour(23)).toBe('11 PM');
  });

  it('compares with the previous period: relative for counts, points for shares', () => {
    expect(changeOf(112, 100)).toEqual({ direction: 'up', amount: '12%', good: true });
    expect(changeOf(9, 12, { better: 'down' })).toEqual({
      direction: 'down',
      amount: '25%',
      good: true,
    });
    expect(changeOf(0.62, 0.57, { kind: 'share' })).toEqual({
      direction: 'up',
      amount: '5 pts',
      good: true,
    });
    expect(changeOf(0.5, 0.51, { kind: 'share' })).toMatchObject({ amount: '1 pt', good: false });
    expect(changeOf(4, 0)).toEqual({ direction: 'up', amount: null, good: true });
    expect(changeOf(3, 3)).toEqual({ direction: 'same', amount: '0%', good: null });
    expect(changeOf(null, 3)).toBeNull();
  });
});
