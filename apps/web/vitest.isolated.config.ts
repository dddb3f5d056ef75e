import { defineProject } from 'vitest/config';
import { isolatedTestFiles, webTest } from './vitest.config.ts';

/** The web files that replace a module: each in a module graph of its own (see vitest.config.ts). */
export default defineProject({
  test: {
    ...webTest,
    name: 'web-isolated',
    include: isolatedTestFiles,
  },
});
