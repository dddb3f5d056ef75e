// `npm run dev`: the server (restarting on change) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

const children = [
  // Development opts in to webhook receivers on this machine (refused by default, see
  // docs/integration-api.md, Outbound webhooks).
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? 'true',
    },
  }),
  // pay.localhost:5173 shows payment-domain mode, as the server's PAYMENT_HOST default does.
  spawn('npm', ['run', 'dev', '-w', '@leasing/web'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_PAYMENT_HOST: process.env.VITE_PAYMENT_HOST ?? 'pay.localhost' },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
