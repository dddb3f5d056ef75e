import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's own build (4.14), not the older copy @axe-core/playwright depends on. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type ContrastData = { fgColor?: string; bgColor?: string; contrastRatio?: number };

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds on the page as it is now, one line
 * each: the rule, what it asks, and every node (with the colours, for contrast).
 */
export const seriousA11yViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page, axeSource }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const data = node.any[0]?.data as ContrastData | undefined;
        const colours =
          data?.contrastRatio !== undefined
            ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1]`
            : '';
        return `${node.target.join(' ')}${colours}`;
      });
      return `${violation.id} (${violation.impact}): ${violation.help} — ${nodes.join(' | ')}`;
    });
};

/**
 * Fails the test (softly: the rest of the test still runs and checks its other screens) with the
 * screen's serious and critical violations.
 */
export const expectNoSeriousA11yViolations = async (page: Page, screenName: string) => {
  expect
    .soft(await seriousA11yViolations(page), `${screenName}: serious/critical axe violations`)
    .toEqual([]);
};
