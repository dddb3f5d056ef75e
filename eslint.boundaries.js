// Module boundaries, enforced by lint rather than memory (see apps/server/src/README.md).
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirsIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = dirsIn('./apps/server/src/modules/');
const webFeatures = dirsIn('./apps/web/src/features/');

const zones = [
  ...serverModules.map((name) => ({
    target: `./apps/server/src/modules/${name}/**`,
    from: `./apps/server/src/modules/!(${name})/**`,
    except: ['**/index.ts'],
    message: `server module boundary: modules/${name} may use another module only through its entry (modules/<name>/index.ts), never its files.`,
  })),
  {
    // The composition root, the plugins, the test helpers and the benchmarks are outside every
    // module: they too use a module through its entry only.
    target: [
      './apps/server/src/*.ts',
      './apps/server/src/plugins/**',
      './apps/server/src/test/**',
      './bench/**',
    ],
    from: './apps/server/src/modules/**',
    except: ['**/index.ts'],
    message:
      'server module boundary: outside a module, use it only through its entry (modules/<name>/index.ts), never its files.',
  },
  {
    target: [
      './apps/server/src/providers/**',
      './apps/server/src/db/**',
      './apps/server/src/lib/**',
    ],
    from: './apps/server/src/modules/**',
    message:
      'server layering: providers/, db/ and lib/ sit below the modules and must not import a module.',
  },
  {
    target: './apps/server/src/modules/**',
    from: './apps/server/src/plugins/**',
    message:
      'server layering: a module reaches infrastructure through the app (decorators) and lib/, never by importing plugins/.',
  },
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}/**`,
    from: `./apps/web/src/features/!(${name})/**`,
    message: `web feature boundary: features/${name} must not import another feature; compose features in src/app instead.`,
  })),
  {
    target: './packages/contract/**',
    from: './apps/**',
    message:
      'contract boundary: packages/contract is the wire format and must not import the apps.',
  },
];

export const boundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contract/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
];
