import type { Plugin } from 'vite';

/** Marks the links the payment host's copy of index.html drops (apps/server's spa plugin). */
export const STAFF_PRELOAD_ATTRIBUTE = 'data-staff';

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; facadeModuleId: string | null };

/**
 * The signed-in app's router and what it imports load at the same time as the entry, not after
 * it: `<link rel="modulepreload">` for each in index.html. The entry imports the router
 * dynamically (a payer's page never needs it), so without these the browser learns of them only
 * once the entry has run, and every staff page's first visit waits a round trip more. The payment
 * host's index.html leaves them out.
 */
export function preloadStaffChunks(modules: string[]): Plugin {
  return {
    name: 'leasing:preload-staff-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output): output is typeof output & Chunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const loaded = new Set<string>();
        const visit = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported, into);
        };
        if (context.chunk) visit(context.chunk.fileName, loaded);
        const preload = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preload-staff-chunks: no chunk for ${module}`);
          visit(chunk.fileName, preload);
        }
        return [...preload]
          .filter((fileName) => !loaded.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              href: `/${fileName}`,
              // After the stylesheet and the entry, which the first paint waits for.
              fetchpriority: 'low',
              [STAFF_PRELOAD_ATTRIBUTE]: true,
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
