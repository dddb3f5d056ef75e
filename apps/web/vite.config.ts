import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverTarget = `http://localhost:${process.env.SERVER_PORT ?? '3000'}`;

export default defineConfig({
  base: '/',
  plugins: [react()],
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
