import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './test-app.js';

export type RedisServer = {
  /** `redis://127.0.0.1:<port>`: the same while it is stopped and after it starts again. */
  url: string;
  /** Kills it outright (SIGKILL), as a crash or a lost host would: no goodbye to its clients. */
  kill: () => Promise<void>;
  /** Starts it again on the same port, empty. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

const STARTUP_TIMEOUT_MS = 10_000;

const launch = async (port: number): Promise<ChildProcess> => {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server not ready in ${STARTUP_TIMEOUT_MS} ms:\n${output}`)),
      STARTUP_TIMEOUT_MS,
    );
    const settle = (error?: Error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) settle();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) =>
      settle(new Error(`redis-server did not start: ${error.message}`)),
    );
    child.once('exit', (code) => settle(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  await ready;
  return child;
};

/** A private `redis-server` on a free loopback port, nothing saved: for tests that stop Redis. */
export const startRedisServer = async (): Promise<RedisServer> => {
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port);
  const stop = async (signal: NodeJS.Signals) => {
    if (!child) return;
    const running = child;
    child = undefined;
    if (running.exitCode !== null || running.signalCode !== null) return;
    running.kill(signal);
    await once(running, 'exit');
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => stop('SIGKILL'),
    restart: async () => {
      await stop('SIGKILL');
      child = await launch(port);
    },
    close: () => stop('SIGTERM'),
  };
};
