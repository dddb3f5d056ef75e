import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenToContrast } from './contrast';

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#868e96')).toBe(1);
  });

  it("measures Mantine's grey on white as the 3.3:1 axe reported", () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});

describe('darkenToContrast', () => {
  it('keeps a colour that already reads', () => {
    expect(darkenToContrast('#495057', '#ffffff')).toBe('#495057');
  });

  it('darkens a colour just enough to reach the ratio', () => {
    const darker = darkenToContrast('#4c6ef5', '#ffffff');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darker, '#ffffff')).toBeLessThan(5);
  });
});
