import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadStaffChunks, STAFF_PRELOAD_ATTRIBUTE } from './preload-staff-chunks';

type FakeChunk = { fileName: string; imports: string[]; facadeModuleId: string | null };
const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId,
});

/** Runs the plugin's HTML hook on a bundle of fake chunks, the entry being the first. */
const tagsFor = (chunks: FakeChunk[], modules: string[]) => {
  const hook = preloadStaffChunks(modules).transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => unknown;
  };
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  return hook.handler('<html></html>', {
    path: '/index.html',
    filename: 'index.html',
    bundle,
    chunk: chunks[0],
  } as unknown as IndexHtmlTransformContext) as { attrs: Record<string, unknown> }[];
};

describe('preloading the staff app with the page', () => {
  const bundle = [
    chunk('assets/index.js', ['assets/first.js'], '/app/index.html'),
    chunk('assets/first.js'),
    chunk('assets/router.js', ['assets/staff.js', 'assets/first.js'], '/app/src/app/router.tsx'),
    chunk('assets/staff.js', ['assets/libraries.js']),
    chunk('assets/libraries.js', ['assets/first.js']),
    // Loaded later, on demand: not preloaded.
    chunk('assets/reports.js', ['assets/libraries.js'], '/app/src/app/routes/app/reports.tsx'),
  ];

  it('preloads the router and everything it imports, not what the entry already loads', () => {
    const tags = tagsFor(bundle, ['src/app/router.tsx']);
    expect(tags.map((tag) => tag.attrs.href)).toEqual([
      '/assets/router.js',
      '/assets/staff.js',
      '/assets/libraries.js',
    ]);
    for (const tag of tags) {
      expect(tag.attrs).toMatchObject({
        rel: 'modulepreload',
        fetchpriority: 'low',
        [STAFF_PRELOAD_ATTRIBUTE]: true,
      });
    }
  });

  it('fails the build when a module it should preload has no chunk', () => {
    expect(() => tagsFor(bundle, ['src/app/missing.tsx'])).toThrow(
      /no chunk for src\/app\/missing/,
    );
  });
});
