/**
 * How the console's build splits its script into files (Rolldown's `codeSplitting.groups`).
 *
 * Left to itself the bundler gives every module that two routes share a file of its own: the
 * build had 180 script files, most under 10 KB (an icon, a Mantine part), and a signed-in page
 * loaded over 100 of them. Over HTTP/1.1's six connections per host they came in turns, and the
 * page's data request waited behind them. These groups make a page a handful of files:
 * - `first`: everything the entry imports statically, one file beside it (the first download,
 *   which the budget in vite.config.ts measures);
 * - `libraries`: the UI libraries the routes share (Mantine, icons, TanStack, dates);
 * - `common`: the console's own components and helpers;
 * - `staff`: the signed-in pages' features.
 * A route's own code, and what only one screen needs (the reports' charts, the emoji picker, the
 * admin pages' features), stay in that route's files. The public booking page is built on its own
 * (`--mode book`), so nothing of the console joins its small bundle.
 */
const under = (folders: string) =>
  new RegExp(`[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/](${folders})[\\\\/]`);

/** Features only one page (or a payer) uses: they stay with their route. */
const ROUTE_OWN_FEATURES = [
  'reports',
  'checkout',
  'public-booking',
  'api-keys',
  'audit',
  'numbers',
  'team',
  'webhooks',
  'workload',
  'office-hours',
  'outbox',
].join('|');

export const consoleChunkGroups = [
  { name: 'first', tags: ['$initial' as const], priority: 40 },
  {
    name: 'libraries',
    test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@tabler|@floating-ui|@tanstack|react-router|clsx|react-remove-scroll|react-number-format|use-callback-ref|use-sidecar|tslib|get-nonce|react-style-singleton|react-textarea-autosize)[\\/]/,
    priority: 30,
  },
  // The live socket is the signed-in pages' alone (a payer's page never opens it).
  {
    name: 'common',
    test: (id: string) =>
      under('components|lib|hooks|utils|config').test(id) && !/[\\/]lib[\\/]socket\.ts$/.test(id),
    priority: 20,
  },
  {
    name: 'staff',
    test: (id: string) =>
      under('features').test(id) &&
      !under(`features[\\\\/](${ROUTE_OWN_FEATURES})`).test(id) &&
      // Loaded when the picker first opens: its 300 kB of emoji data stay out of every page.
      !/[\\/]emoji-panel\.tsx$/.test(id),
    priority: 10,
  },
];
