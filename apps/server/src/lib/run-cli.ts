import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs a command-line task: its failure is one readable line and exit code 1, not a stack trace. */
export const runCli = (task: () => Promise<void>) =>
  task().catch((error: unknown) => {
    console.error(messageOf(error));
    process.exit(1);
  });

/** Where a command prints, a line at a time: `out` to stdout (what scripts capture), `err` to stderr. */
export type CommandOutput = { out: (line: string) => void; err: (line: string) => void };

export type CommandInput = {
  /** The arguments after the script's name. */
  argv: string[];
  /** The command's only configuration. */
  env: Record<string, string | undefined>;
  output: CommandOutput;
};

/** A command-line task as a function of its input: it resolves to the exit code. */
export type Command = (input: CommandInput) => Promise<number>;

/**
 * A command from a task: 0 when the task resolves; when it throws, its message is one readable
 * line on stderr and the exit code is 1, not a stack trace.
 */
export const command =
  (task: (input: CommandInput) => Promise<void>): Command =>
  async (input) => {
    try {
      await task(input);
      return 0;
    } catch (error) {
      input.output.err(messageOf(error));
      return 1;
    }
  };

/**
 * The command's `--options` (strict: an unknown or malformed one is refused), a refusal saying what
 * was wrong followed by the usage line.
 */
export const parseCommandArgs = <T extends ParseArgsOptionsConfig>(
  argv: string[],
  options: T,
  usage: string,
) => {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new Error(`${messageOf(error)}\n${usage}`);
  }
};

/** Runs a command as this process: its arguments, its environment, its stdout and stderr. */
export const runCommand = (run: Command): Promise<number> =>
  run({
    argv: process.argv.slice(2),
    env: process.env,
    output: {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    },
  });

/** The process ends with this exit code once the command has let go of everything it opened. */
export const exitWith = (code: number) => {
  process.exitCode = code;
};
