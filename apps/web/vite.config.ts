import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

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
  },
});
