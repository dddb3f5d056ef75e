import { execFile } from 'node:child_process';
import { repoRoot } from '../lib/paths.js';
import type { Command } from '../lib/run-cli.js';
import { nodeArgsToRun } from './server-bundle.js';

/** What a command printed, as its process would have written it, and its exit code. */
export type CommandResult = { code: number; stdout: string; stderr: string };

type Env = Record<string, string | undefined>;

/**
 * The environment a command runs with: the test's, quiet, without the PostgreSQL server the test
 * run may have (a test names the database it wants), then `env`.
 */
const environment = (env: Env): Env => ({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATABASE_URL: undefined,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...env,
});

/**
 * Runs a command in the test's process, as its bin would run it in one of its own: `argv` are the
 * arguments after the script's name, the environment is the only configuration, and each line it
 * prints is captured with its newline.
 */
export const runCommandInProcess = async (
  command: Command,
  argv: string[],
  env: Env,
): Promise<CommandResult> => {
  let stdout = '';
  let stderr = '';
  const code = await command({
    argv,
    env: environment(env),
    output: {
      out: (line) => {
        stdout += `${line}\n`;
      },
      err: (line) => {
        stderr += `${line}\n`;
      },
    },
  });
  return { code, stdout, stderr };
};

/**
 * Runs a bin (`src/…-cli.ts`) as an operator does, in a process of its own (the run's bundle of it,
 * or the source through tsx): what it prints and its exit code come from the process. Slower than
 * in-process (a second or more): one run per bin, for its wiring.
 */
export const runBin = (bin: string, argv: string[], env: Env) =>
  new Promise<CommandResult>((resolve) => {
    execFile(
      process.execPath,
      [...nodeArgsToRun(bin), ...argv],
      { cwd: repoRoot, env: environment(env) as NodeJS.ProcessEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
