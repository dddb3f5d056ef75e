import { describe, expect, it } from 'vitest';
import {
  describeInitialScript,
  initialChunks,
  measureInitialScript,
  type BuiltChunk,
} from './initial-script-budget';

const chunk = (fileName: string, imports: string[] = [], isEntry = false): BuiltChunk => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  // Text that compresses poorly, so sizes differ by file.
  code: Array.from({ length: 200 }, (_, index) => `${fileName}:${index * 7919}`).join(';'),
  isEntry,
  imports,
});

describe('the initial script budget', () => {
  const bundle = [
    chunk('index.js', ['vendor.js', 'api.js'], true),
    chunk('vendor.js', ['runtime.js']),
    chunk('api.js', ['vendor.js']),
    chunk('runtime.js'),
    // Loaded on demand (a route): not part of the first download.
    chunk('reports.js', ['vendor.js']),
    // Another page's entry: its own first download, sharing the vendor chunk.
    chunk('book.js', ['vendor.js'], true),
  ];

  it('counts the entry and what it imports statically, however deep, each once', () => {
    expect(
      initialChunks(bundle, 'index')
        .map((file) => file.fileName)
        .sort(),
    ).toEqual(['api.js', 'index.js', 'runtime.js', 'vendor.js']);
    expect(
      initialChunks(bundle, 'book')
        .map((file) => file.fileName)
        .sort(),
    ).toEqual(['book.js', 'runtime.js', 'vendor.js']);
  });

  it('measures brotli sizes and passes within the budget, fails over it naming the largest', () => {
    const script = measureInitialScript(bundle, 'index');
    expect(script.files).toHaveLength(4);
    expect(script.brotliBytes).toBeGreaterThan(0);
    expect(script.brotliBytes).toBeLessThan(script.rawBytes);
    expect(describeInitialScript(script, script.brotliBytes)).not.toMatch(/Over budget/);
    const over = describeInitialScript(script, script.brotliBytes - 1);
    expect(over).toMatch(/Over budget by 0\.0 KiB/);
    expect(over).toContain(script.files[0]!.fileName);
  });
});
