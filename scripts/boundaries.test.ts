import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const RULE = 'import-x/no-restricted-paths';

/** Lints one import as if it stood in `filePath` (the file need not exist; its target must). */
const lintImport = async (eslint: ESLint, filePath: string, specifier: string) => {
  const [result] = await eslint.lintText(`import { thing } from '${specifier}';\nvoid thing;\n`, {
    filePath,
  });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE);
};

describe('module boundaries (npm run lint)', () => {
  const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

  it('lets a server module use another module through its entry', async () => {
    // The positive control for the refusals below: the same rule, a permitted import.
    expect(
      await lintImport(
        eslint,
        'apps/server/src/modules/inbox/boundary-probe.ts',
        '../lead/index.js',
      ),
    ).toEqual([]);
  });

  it("refuses a server module reaching past another module's entry, saying why", async () => {
    for (const file of ['leads.service.js', 'leads.repository.js', 'lead-status.module.js']) {
      const [message, ...rest] = await lintImport(
        eslint,
        'apps/server/src/modules/inbox/boundary-probe.ts',
        `../lead/${file}`,
      );
      expect(rest).toEqual([]);
      expect(message?.message).toContain('server module boundary: modules/inbox');
      expect(message?.message).toContain('only through its entry');
    }
  });

  it('holds the composition root, plugins, test helpers and benchmarks to the entries too', async () => {
    const outside = [
      ['apps/server/src/boundary-probe.ts', './modules/lead'],
      ['apps/server/src/plugins/boundary-probe.ts', '../modules/lead'],
      ['apps/server/src/test/boundary-probe.ts', '../modules/lead'],
      ['bench/boundary-probe.ts', '../apps/server/src/modules/lead'],
    ] as const;
    for (const [file, lead] of outside) {
      expect(await lintImport(eslint, file, `${lead}/index.js`)).toEqual([]);
      const [message] = await lintImport(eslint, file, `${lead}/leads.service.js`);
      expect(message?.message).toContain('outside a module, use it only through its entry');
    }
  });

  it('refuses a provider importing a module', async () => {
    const [message] = await lintImport(
      eslint,
      'apps/server/src/providers/boundary-probe.ts',
      '../modules/lead/leads.service.js',
    );
    expect(message?.message).toContain('providers/, db/ and lib/ sit below the modules');
  });

  it('refuses a web feature importing another feature, and allows its own files', async () => {
    expect(
      await lintImport(
        eslint,
        'apps/web/src/features/inbox/components/probe.tsx',
        '../api/get-inbox',
      ),
    ).toEqual([]);
    const [message] = await lintImport(
      eslint,
      'apps/web/src/features/inbox/components/probe.tsx',
      '../../leads/api/get-lead',
    );
    expect(message?.message).toContain('web feature boundary: features/inbox');
  });

  it('refuses the contract importing the apps', async () => {
    const [message] = await lintImport(
      eslint,
      'packages/contract/src/boundary-probe.ts',
      '../../../apps/server/src/lib/errors.js',
    );
    expect(message?.message).toContain('contract boundary');
  });
});
