// The web build, written into a fresh folder and switched to in one step, so that `npm start` (or
// `npm run build`) never changes the files of a server already running from this checkout.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, join } from 'node:path';

/** How many builds stay on disk: the current one and the ones servers may still be serving. */
export const KEPT_BUILDS = 3;

/** A build's folder name: its start time (so names sort by age) and the process that made it. */
const buildName = (now) => `${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;

/** The build `dist` points to now, or null. */
export const currentBuild = (webDir) => {
  const link = join(webDir, 'dist');
  const stat = lstatSync(link, { throwIfNoEntry: false });
  return stat?.isSymbolicLink() ? basename(readlinkSync(link)) : null;
};

/**
 * Points `webDir/dist` at `builds/<name>` in one rename: a reader sees the old build or the new
 * one, never a half-written folder. A `dist` folder from before this scheme is moved into
 * `builds/` first (the one time a server running from it loses its files).
 */
export const switchTo = (webDir, name) => {
  const link = join(webDir, 'dist');
  const stat = lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) renameSync(link, join(webDir, 'builds', `before-${name}`));
  const next = join(webDir, `.dist-${name}`);
  symlinkSync(join('builds', name), next);
  renameSync(next, link);
};

/** Removes builds beyond the newest `keep`, never the one `dist` points to. */
export const pruneBuilds = (webDir, keep = KEPT_BUILDS) => {
  const builds = join(webDir, 'builds');
  const current = currentBuild(webDir);
  const names = readdirSync(builds).sort().reverse();
  for (const name of names.slice(keep)) {
    if (name !== current) rmSync(join(builds, name), { recursive: true, force: true });
  }
};

/**
 * Builds into `webDir/builds/<time>-<pid>` with `build(outDir)`, then switches `dist` to it. A
 * server resolves `dist` once when it starts (see apps/server/src/plugins/spa.ts), so it keeps
 * serving its own build, still on disk, until it restarts.
 */
export const buildAndSwitch = async ({ webDir, build, now = new Date(), keep = KEPT_BUILDS }) => {
  const name = buildName(now);
  const outDir = join(webDir, 'builds', name);
  mkdirSync(outDir, { recursive: true });
  try {
    await build(outDir);
    if (!existsSync(join(outDir, 'index.html'))) throw new Error(`${outDir} has no index.html`);
  } catch (error) {
    // A failed build never becomes the current one.
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  switchTo(webDir, name);
  pruneBuilds(webDir, keep);
  return outDir;
};
