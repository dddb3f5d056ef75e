/** Runs a command-line task: its failure is one readable line and exit code 1, not a stack trace. */
export const runCli = (task: () => Promise<void>) =>
  task().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
