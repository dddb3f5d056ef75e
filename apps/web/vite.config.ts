import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { consoleChunkGroups } from './build-tools/chunk-groups.ts';
import { initialScriptBudget } from './build-tools/initial-script-budget.ts';
import { preloadStaffChunks } from './build-tools/preload-staff-chunks.ts';

const serverTarget = `http://localhost:${process.env.SERVER_PORT ?? '3000'}`;

/**
 * Two pages, two builds: the console (`vite build`) and the public tour booking page
 * (`vite build --mode book`, into the same folder; build-tools/build.mjs runs both). Built apart,
 * the booking page's bundle holds nothing of the console's, whatever the console's chunks are.
 */
export default defineConfig(({ mode }) => {
  const page = mode === 'book' ? 'book' : 'index';
  return {
    base: '/',
    plugins: [
      react(),
      ...(page === 'index'
        ? [preloadStaffChunks(['src/app/router.tsx', 'src/app/connect-auth-events.ts'])]
        : []),
      // A brotli and a gzip copy beside each built script, stylesheet and SVG: the server sends the
      // one the browser accepts, compressed once at the highest level instead of on every request.
      compression({
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        include: /\.(js|mjs|css|svg|json|html)$/,
        threshold: 1024,
      }),
      // What a first visit downloads before anything renders (brotli), per page. The console's was
      // 193.8 KiB on 2026-11-28, 198.9 KiB a day later, 188.2 KiB once the contract was marked free
      // of side effects, 178.4 KiB in one file once the chunk groups came, and 145.9 KiB once the
      // theme stopped naming Menu and Modal (2026-11-29); lower it as the first screen gets
      // lighter, never raise it without a reason. The public booking page is a prospect's phone on
      // a mobile network: well under 150 kB.
      initialScriptBudget(page === 'book' ? { book: 80 * 1024 } : { index: 152 * 1024 }),
    ],
    server: {
      proxy: {
        '/api': { target: serverTarget },
        '/socket.io': { target: serverTarget, ws: true },
        '/.well-known': { target: serverTarget },
        '/webhooks': { target: serverTarget },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      rollupOptions: {
        input: { [page]: `${page}.html` },
        output: page === 'book' ? {} : { codeSplitting: { groups: consoleChunkGroups } },
      },
    },
  };
});
