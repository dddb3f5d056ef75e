import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;

describe('the palette', () => {
  const colours = Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark');

  it.each(colours)(
    'reads %s light and subtle text at 4.5:1 on its tint and on its hover (an open menu button)',
    (name, [, tint, hover]) => {
      const text = light[`--mantine-color-${name}-light-color`]!;
      // Mantine's light variant rests on shade 1 and hovers on shade 2 (`light-hover`).
      expect(contrastRatio(text, tint)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, hover)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
