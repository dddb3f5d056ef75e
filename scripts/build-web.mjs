// `npm run build`'s web half: Vite into a fresh apps/web/builds/<time>-<pid>, then apps/web/dist
// switched to it (scripts/web-build.mjs).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildAndSwitch } from './web-build.mjs';

const webDir = fileURLToPath(new URL('../apps/web', import.meta.url));

const vite = (outDir) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', 'build', '-w', '@leasing/web', '--', '--outDir', outDir, '--emptyOutDir'],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });

const outDir = await buildAndSwitch({ webDir, build: vite });
console.log(`web build: ${outDir} (apps/web/dist points to it)`);
