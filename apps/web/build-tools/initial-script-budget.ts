import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the budget needs of a built chunk (Rollup's and Rolldown's output chunks have it). */
export type BuiltChunk = {
  fileName: string;
  /** The entry's name (`index`, `book`: the HTML page it serves). */
  name: string;
  code: string;
  isEntry: boolean;
  imports: string[];
};

export type InitialScript = {
  files: { fileName: string; rawBytes: number; brotliBytes: number }[];
  rawBytes: number;
  brotliBytes: number;
};

/**
 * The scripts a first visit of one page downloads before anything renders: its entry chunk and
 * everything it imports statically (what its HTML preloads). Routes and dialogs loaded on demand
 * are not in it.
 */
export function initialChunks(chunks: BuiltChunk[], entry: string): BuiltChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry && chunk.name === entry) visit(chunk);
  return chunks.filter((chunk) => seen.has(chunk.fileName));
}

/** Sizes as the browser downloads them: brotli at the level the build precompresses with. */
export function measureInitialScript(chunks: BuiltChunk[], entry: string): InitialScript {
  const files = initialChunks(chunks, entry)
    .map((chunk) => {
      const bytes = Buffer.from(chunk.code);
      return {
        fileName: chunk.fileName,
        rawBytes: bytes.length,
        brotliBytes: brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
      };
    })
    .sort((a, b) => b.brotliBytes - a.brotliBytes);
  const sum = (key: 'rawBytes' | 'brotliBytes') =>
    files.reduce((total, file) => total + file[key], 0);
  return { files, rawBytes: sum('rawBytes'), brotliBytes: sum('brotliBytes') };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The verdict in words: the total, the budget, and the largest files when over it. */
export function describeInitialScript(
  script: InitialScript,
  maxBrotliBytes: number,
  entry = 'index',
): string {
  const head = `Initial script of ${entry}.html: ${script.files.length} files, ${kib(script.brotliBytes)} brotli (${kib(script.rawBytes)} raw); budget ${kib(maxBrotliBytes)}.`;
  if (script.brotliBytes <= maxBrotliBytes) return head;
  const largest = script.files
    .slice(0, 5)
    .map((file) => `  ${file.fileName} ${kib(file.brotliBytes)}`)
    .join('\n');
  return `${head} Over budget by ${kib(script.brotliBytes - maxBrotliBytes)}. Largest:\n${largest}\nMove what the first screen does not need behind a dynamic import(), or raise the budget in vite.config.ts with a reason.`;
}

/**
 * Fails the production build when a page's initial script grows past its budget (brotli bytes, by
 * entry name), so `npm test` (which builds before the browser tests) and CI catch it the moment
 * it happens.
 */
export function initialScriptBudget(budgets: Record<string, number>): Plugin {
  return {
    name: 'leasing:initial-script-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      for (const [entry, maxBrotliBytes] of Object.entries(budgets)) {
        const script = measureInitialScript(chunks, entry);
        if (script.files.length === 0) this.error(`No entry named ${entry} in the build.`);
        const verdict = describeInitialScript(script, maxBrotliBytes, entry);
        if (script.brotliBytes > maxBrotliBytes) this.error(verdict);
        this.info(verdict);
      }
    },
  };
}
