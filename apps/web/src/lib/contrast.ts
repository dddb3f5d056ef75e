/** WCAG 2 contrast, for the theme's colours (`#rrggbb` only). */

const channels = (hex: string) => {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255] as const;
};

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

const relativeLuminance = (hex: string) => {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The colour itself when it already has `ratio` against `against`, else the least darkening of it
 * (towards black, in 2 % steps) that does: the hue stays, only as much depth as legibility needs.
 */
export const darkenToContrast = (color: string, against: string, ratio = 4.5) => {
  const rgb = channels(color);
  for (let step = 0; step <= 50; step += 1) {
    const candidate = toHex(rgb.map((channel) => channel * (1 - step * 0.02)));
    if (contrastRatio(candidate, against) >= ratio) return candidate;
  }
  return '#000000';
};
