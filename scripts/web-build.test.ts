import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAndSwitch, currentBuild } from './web-build.mjs';

const webDirs: string[] = [];
afterEach(() => {
  for (const dir of webDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const newWebDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'leasing-web-build-'));
  webDirs.push(dir);
  return dir;
};

/** What Vite leaves: an index.html naming its hashed script. */
const writeBuild = (outDir: string, hash: string) => {
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  writeFileSync(join(outDir, 'assets', `index-${hash}.js`), `console.log('${hash}');`);
  writeFileSync(join(outDir, 'index.html'), `<script src="/assets/index-${hash}.js"></script>`);
};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

describe('the web build (npm run build, npm start)', () => {
  it('writes a fresh folder and switches dist to it only when done; the running build stays whole', async () => {
    const webDir = newWebDir();
    await buildAndSwitch({ webDir, build: async (out) => writeBuild(out, 'AAAAAAAA'), now: at(1) });
    const dist = join(webDir, 'dist');
    // What a server started now serves: the folder dist resolves to.
    const served = realpathSync(dist);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('index-AAAAAAAA.js');

    let seenMidBuild: string | undefined;
    const second = await buildAndSwitch({
      webDir,
      now: at(2),
      build: async (out) => {
        writeBuild(out, 'BBBBBBBB');
        // Half way: dist is still the first build, every file of it in place.
        seenMidBuild = readFileSync(join(dist, 'index.html'), 'utf8');
      },
    });
    expect(seenMidBuild).toContain('index-AAAAAAAA.js');
    expect(realpathSync(dist)).toBe(realpathSync(second));
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('index-BBBBBBBB.js');
    // The first build is untouched: a server still serving it finds its script.
    expect(readFileSync(join(served, 'assets/index-AAAAAAAA.js'), 'utf8')).toContain('AAAAAAAA');
  });

  it('never switches to a failed build, and keeps the newest three', async () => {
    const webDir = newWebDir();
    await buildAndSwitch({ webDir, build: async (out) => writeBuild(out, 'AAAAAAAA'), now: at(1) });
    const good = currentBuild(webDir);
    await expect(
      buildAndSwitch({ webDir, now: at(2), build: () => Promise.reject(new Error('type error')) }),
    ).rejects.toThrow('type error');
    expect(currentBuild(webDir)).toBe(good);
    await expect(buildAndSwitch({ webDir, now: at(3), build: async () => {} })).rejects.toThrow(
      /no index.html/,
    );
    expect(currentBuild(webDir)).toBe(good);

    for (const minute of [4, 5, 6]) {
      await buildAndSwitch({
        webDir,
        now: at(minute),
        build: async (out) => writeBuild(out, 'CCCCCCCC'),
      });
    }
    expect(existsSync(join(webDir, 'builds', good!))).toBe(false);
    expect(currentBuild(webDir)).toMatch(/^2026-11-20T09-06/);
  });

  it('moves a dist folder from before into builds once, and links dist after it', async () => {
    const webDir = newWebDir();
    writeBuild(join(webDir, 'dist'), 'OLDOLDOLD');
    await buildAndSwitch({
      webDir,
      build: async (out) => writeBuild(out, 'NEWNEWNEW'),
      now: at(1),
    });
    expect(currentBuild(webDir)).not.toBeNull();
    expect(readFileSync(join(webDir, 'dist', 'index.html'), 'utf8')).toContain('NEWNEWNEW');
  });
});
