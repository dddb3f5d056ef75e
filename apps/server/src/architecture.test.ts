import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's shape, checked from its source: each table has one writing module, a module is
 * used only through its entry, and modules do not depend on each other in a circle. Each check
 * is shown catching an injected violation beside the real tree passing it.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const MODULES = join(SRC, 'modules');

/** Who writes each table: the module whose entry the others call, or whose events they hear. */
const TABLE_OWNERS: Record<string, string> = {
  api_keys: 'api-keys',
  app_secrets: 'lib',
  calls: 'voice',
  assignment_agents: 'lead',
  assignment_rules: 'lead',
  audit_log: 'audit',
  companies: 'company',
  consent_changes: 'lead',
  conversation_events: 'conversation',
  early_provider_statuses: 'messaging',
  first_responses: 'scheduling',
  inbound_rate_counters: 'email',
  invitations: 'team',
  lead_drafts: 'lead',
  lead_reads: 'inbox',
  leads: 'lead',
  login_failures: 'auth',
  login_known_addresses: 'auth',
  lead_sources: 'lead',
  lost_reasons: 'lead',
  message_templates: 'templates',
  notes: 'lead',
  notifications: 'notifications',
  opt_outs: 'lead',
  payment_attempts: 'payments',
  payment_links: 'payments',
  phone_number_releases: 'numbers',
  phone_numbers: 'numbers',
  properties: 'company',
  lead_report_facts: 'reports',
  report_digest_opt_outs: 'reports',
  report_digests: 'reports',
  refresh_tokens: 'auth',
  sandbox_outbox: 'messaging',
  sending_slots: 'messaging',
  signing_keys: 'auth',
  tour_availability: 'tours',
  tours: 'tours',
  tour_booking_codes: 'tours',
  company_tour_settings: 'tours',
  tour_calendar_feeds: 'tours',
  unmatched_messages: 'unmatched',
  users: 'auth',
  voice_settings: 'voice',
  company_call_settings: 'voice',
  webhook_deliveries: 'webhooks',
  webhook_delivery_attempts: 'webhooks',
  webhook_endpoints: 'webhooks',
};

/**
 * The demo seed loads an empty database before the app starts, as a migration does; it is the
 * one writer outside the owners.
 */
const SEED = 'db/seed';

type SourceFile = { path: string; text: string };

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const serverSources = (options: { tests: boolean }): SourceFile[] =>
  walk(SRC)
    .filter((path) => path.endsWith('.ts'))
    .filter((path) => options.tests || !(path.endsWith('.test.ts') || path.includes('/test/')))
    .map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** `modules/lead/x.ts` → `lead`; `db/seed/x.ts` → `db/seed`; `lib/x.ts` → `lib`. */
const ownerOfPath = (path: string) => {
  const parts = path.split('/');
  if (parts[0] === 'modules' || (parts[0] === 'db' && parts[1] === 'seed')) {
    return parts[0] === 'modules' ? parts[1]! : SEED;
  }
  return parts.length > 1 ? parts[0]! : path;
};

/** Drizzle table constants by the name of their table, from the schema files. */
const schemaTables = () => {
  const tables = new Map<string, string>();
  for (const { text } of serverSources({ tests: false }).filter((file) =>
    file.path.startsWith('db/schema/'),
  )) {
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.set(match[1]!, match[2]!);
    }
  }
  return tables;
};

/** The tables a source text writes: Drizzle's insert/update/delete, and raw SQL. */
const tablesWrittenBy = (text: string, tables: Map<string, string>) => {
  const written = new Set<string>();
  const names = new Set(tables.values());
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tables.get(match[1]!);
    if (table) written.add(table);
  }
  const raw =
    /\b(?:insert\s+into|delete\s+from)\s+(?:"?(\w+)"?|\$\{(\w+)\})|\bupdate\s+(?:"?(\w+)"?|\$\{(\w+)\})\s+set\b/gi;
  for (const match of text.matchAll(raw)) {
    const table = match[1] ?? match[3] ?? tables.get(match[2] ?? match[4] ?? '');
    if (table && names.has(table)) written.add(table);
  }
  return written;
};

/** Each table's writers (modules, or `lib`, or the seed), from the given files. */
const writersOf = (files: SourceFile[], tables: Map<string, string>) => {
  const writers = new Map<string, Set<string>>();
  for (const file of files) {
    for (const table of tablesWrittenBy(file.text, tables)) {
      const set = writers.get(table) ?? new Set<string>();
      set.add(ownerOfPath(file.path));
      writers.set(table, set);
    }
  }
  return writers;
};

/** `table: writer` for every write by someone other than the table's owner (the seed aside). */
const ownershipViolations = (writers: Map<string, Set<string>>) =>
  [...writers]
    .flatMap(([table, set]) =>
      [...set]
        .filter((writer) => writer !== SEED && writer !== TABLE_OWNERS[table])
        .map((writer) => `${table}: ${writer}`),
    )
    .sort();

const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** Every relative import of a file that lands in a module folder: [importer, target] paths. */
const moduleImports = (files: SourceFile[]) =>
  files.flatMap((file) =>
    [...file.text.matchAll(IMPORT)]
      .map((match) => relative(SRC, resolve(join(SRC, dirname(file.path)), match[1]!)))
      .filter((target) => target.startsWith('modules/'))
      .map((target) => [file.path, target.replace(/\.js$/, '.ts')] as const),
  );

/** Imports of a module's files from outside it that miss its entry (`index.ts`). */
const entryViolations = (files: SourceFile[]) =>
  moduleImports(files)
    .filter(([from, to]) => {
      const target = ownerOfPath(to);
      return !from.startsWith(`modules/${target}/`) && to !== `modules/${target}/index.ts`;
    })
    .map(([from, to]) => `${from} → ${to}`);

/** Module → the modules it imports (production code). */
const moduleGraph = (files: SourceFile[]) => {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(MODULES)) graph.set(name, new Set());
  for (const [from, to] of moduleImports(files)) {
    if (!from.startsWith('modules/')) continue;
    const [a, b] = [ownerOfPath(from), ownerOfPath(to)];
    if (a !== b) graph.get(a)?.add(b);
  }
  return graph;
};

/** The circles in a graph, each as the path that closes it (`a → b → a`). */
const findCycles = (graph: Map<string, Set<string>>) => {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
};

describe('the server architecture', () => {
  const production = serverSources({ tests: false });
  const tables = schemaTables();

  it('names an owner for every table, and every table is written by its owner alone', () => {
    expect([...tables.values()].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
    const writers = writersOf(production, tables);
    expect(ownershipViolations(writers)).toEqual([]);
    // Every owner writes its table (a stale owner would hide a move).
    for (const [table, owner] of Object.entries(TABLE_OWNERS)) {
      expect([table, writers.get(table)?.has(owner)]).toEqual([table, true]);
    }
  });

  it('catches a second writer, whether Drizzle or raw SQL', () => {
    const injected = [
      ...production,
      { path: 'modules/sms/probe.ts', text: 'await db.update(leads).set({ name: "x" });' },
      {
        path: 'modules/inbox/probe.ts',
        text: 'sql`insert into conversation_events (id) values (1)`',
      },
      { path: 'modules/audit/probe.ts', text: 'sql`update ${users} set name = ${name}`' },
    ];
    expect(ownershipViolations(writersOf(injected, tables))).toEqual([
      'conversation_events: inbox',
      'leads: sms',
      'users: audit',
    ]);
  });

  it('lets code outside a module use it only through its entry', () => {
    const everything = serverSources({ tests: true });
    expect(entryViolations(everything)).toEqual([]);
    const injected = [
      ...everything,
      {
        path: 'modules/inbox/probe.ts',
        text: "import { getLead } from '../lead/leads.service.js';",
      },
      { path: 'plugins/probe.ts', text: "import { leadsModule } from '../modules/lead/index.js';" },
    ];
    expect(entryViolations(injected)).toEqual([
      'modules/inbox/probe.ts → modules/lead/leads.service.ts',
    ]);
  });

  it('has no circle of modules depending on each other', () => {
    const graph = moduleGraph(production);
    expect(findCycles(graph)).toEqual([]);
    // The positive control: one edge back from company to lead (lead uses company) closes a circle.
    graph.get('company')!.add('lead');
    expect(findCycles(graph)).toContain('company → lead → company');
  });

  it('hands modules their dependencies as options: no module looks up the built services', () => {
    // The built services, and the token service outside the module that builds it (auth).
    const lookups = (files: SourceFile[]) =>
      files
        .filter(
          (file) =>
            file.path.startsWith('modules/') &&
            (/\bapp\.services\b/.test(file.text) ||
              (!file.path.startsWith('modules/auth/') && /\bapp\.tokens\b/.test(file.text))),
        )
        .map((file) => file.path);
    expect(lookups(production)).toEqual([]);
    const injected = [
      ...production,
      { path: 'modules/sms/probe.ts', text: 'const storage = app.services.messaging.storage;' },
      {
        path: 'modules/integrations/probe.ts',
        text: 'await app.tokens.signLeadAccessToken(c, 60);',
      },
      { path: 'modules/auth/probe.ts', text: 'return app.tokens.jwks();' },
    ];
    expect(lookups(injected)).toEqual(['modules/sms/probe.ts', 'modules/integrations/probe.ts']);
  });

  it('gives every module an entry and a line in the source README', () => {
    const readme = readFileSync(join(SRC, 'README.md'), 'utf8');
    for (const name of readdirSync(MODULES)) {
      expect(readdirSync(join(MODULES, name))).toContain('index.ts');
      expect(readme).toMatch(new RegExp(`\\| \`${name}\` +\\|`));
    }
  });
});
