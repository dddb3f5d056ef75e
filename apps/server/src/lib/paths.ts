import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found the same way from src/ (tsx, vitest) and from dist/ (bundle). */
const findServerRoot = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@leasing/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @leasing/server package folder');
    dir = parent;
  }
};

export const serverRoot = findServerRoot();
export const repoRoot = resolve(serverRoot, '../..');
export const migrationsFolder = join(serverRoot, 'drizzle');
export const defaultWebDistDir = join(repoRoot, 'apps/web/dist');
