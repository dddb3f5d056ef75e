import { createTheme, DEFAULT_THEME } from '@mantine/core';
import type { CSSVariablesResolver, MenuProps, ModalProps, NotificationProps } from '@mantine/core';
import { darkenToContrast } from '../lib/contrast';

const PRIMARY_SHADE = 6;
const WHITE = '#ffffff';
/** The lightest grey text sits on (gray.1: hovered rows, the page's panels). */
const TEXT_BACKGROUND = DEFAULT_THEME.colors.gray[1];

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // With "reduce motion" set, Mantine's transitions (dialogs, menus, collapses) take no time.
  respectReducedMotion: true,
  components: {
    // Every dialog's close button has a name (axe: button-name), not only those that remember it.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close dialog' },
      } satisfies Partial<ModalProps>,
    },
    // A toast's close button too (axe: button-name, critical).
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Dismiss notification' },
      } satisfies Partial<NotificationProps>,
    },
    // The placeholder is a focusable child of role="menu" that is no menu item (axe:
    // aria-required-children); the dropdown itself takes the focus instead. The console's menus sit
    // in places that never scroll out of view (headers, the composer, dialogs), so none hides when
    // its target looks detached — which, without layout (jsdom), every target does: the items were
    // hidden as soon as placed. A menu on a scrolling row opts back in (the inbox's follow-up).
    Menu: {
      defaultProps: {
        withInitialFocusPlaceholder: false,
        hideDetached: false,
      } satisfies Partial<MenuProps>,
    },
  },
  // Plain objects, not `Modal.extend(…)`: the theme is in the first download, and naming the
  // components there would bring menus, dialogs and their positioning library with it.
});

/**
 * Mantine's palette, made legible (WCAG AA, 4.5:1) while keeping its look: each colour is darkened
 * only as far as its text needs — filled (white text on it), light (its dark shade on its tint,
 * hovered or not), outline and plain text (on white and the light greys) — and the dimmed grey
 * likewise.
 */
const legibleColorVariables = () => {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark') continue;
    const filled = darkenToContrast(shades[PRIMARY_SHADE], WHITE);
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darkenToContrast(filled, WHITE, 5.5);
    // On shade 2, the light and subtle variants' hover (and an open menu's button), not only on
    // their resting tint: the text must read in either state.
    variables[`--mantine-color-${name}-light-color`] = darkenToContrast(shades[9], shades[2]);
    variables[`--mantine-color-${name}-outline`] = darkenToContrast(
      shades[PRIMARY_SHADE],
      TEXT_BACKGROUND,
    );
    variables[`--mantine-color-${name}-text`] = darkenToContrast(
      shades[PRIMARY_SHADE],
      TEXT_BACKGROUND,
    );
  }
  return variables;
};

/** Worked out once: the provider asks on every render of its CSS variables. */
let legibleColors: Record<string, string> | undefined;

export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    ...(legibleColors ??= legibleColorVariables()),
    '--mantine-color-dimmed': darkenToContrast(resolvedTheme.colors.gray[6], TEXT_BACKGROUND),
    '--mantine-color-anchor': darkenToContrast(
      resolvedTheme.colors[resolvedTheme.primaryColor]![PRIMARY_SHADE],
      TEXT_BACKGROUND,
    ),
  },
  dark: {},
});
