// `npm run build -w @leasing/web [-- --outDir DIR]`: the console, then the public booking page into
// the same folder (vite.config.ts builds one page per mode, so their chunks never mix).
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values } = parseArgs({
  options: { outDir: { type: 'string' }, emptyOutDir: { type: 'boolean' } },
});
const outDir = values.outDir ?? 'dist';

await build({ mode: 'production', build: { outDir, emptyOutDir: true } });
await build({ mode: 'book', build: { outDir, emptyOutDir: false } });
