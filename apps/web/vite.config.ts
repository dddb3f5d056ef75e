import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { initialScriptBudget } from './build-tools/initial-script-budget.ts';

const serverTarget = `http://localhost:${process.env.SERVER_PORT ?? '3000'}`;

export default defineConfig({
  base: '/',
  plugins: [
    react(),
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
    // 193.8 KiB on 2026-11-28, 198.9 KiB a day later, and 188.2 KiB once the contract was marked
    // free of side effects (2026-11-29); lower it as the first screen gets lighter, never raise it
    // without a reason. The public booking page is a prospect's phone on a mobile network: well under
    // 150 kB.
    initialScriptBudget({ index: 192 * 1024, book: 80 * 1024 }),
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
    // Two pages: the console, and the public tour booking page (its own small bundle).
    rollupOptions: { input: { index: 'index.html', book: 'book.html' } },
  },
});
