import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './cents';

describe('dollarsToCents', () => {
  it('reads typed amounts without floating-point errors', () => {
    expect(dollarsToCents(1650.1)).toBe(165010);
    expect(dollarsToCents('1,650.10')).toBe(165010);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(2310)).toBe(231000);
    expect(dollarsToCents('$99,999.99')).toBe(9999999);
    expect(dollarsToCents('12.')).toBe(1200);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents(1.234)).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });
});

describe('centsToDollars', () => {
  it('gives the amount a money input shows', () => {
    expect(centsToDollars(231000)).toBe(2310);
    expect(centsToDollars(165010)).toBe(1650.1);
  });
});
