// `npm test`: every test — unit, integration, browser. Browser tests need Chromium; this finds it,
// installs Debian's package when it can, and otherwise stops and says how (never skips silently).
// Chromium's headless shell (Debian's chromium-headless-shell: the same engine without the desktop
// browser around it, what Playwright itself runs headless) is preferred: it takes about a third less
// time and CPU than the full browser for the same tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const findChromium = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(
    (path) => path && existsSync(path),
  );

const canApt = () =>
  process.getuid?.() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

let chromium = findChromium();
if (!chromium && canApt()) {
  console.log(
    "Chromium not found: installing Debian's chromium-headless-shell package (apt-get install chromium-headless-shell)…",
  );
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
    ...process.env,
    DEBIAN_FRONTEND: 'noninteractive',
  });
  chromium = findChromium();
}
if (!chromium) {
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      '  Install it:      sudo apt-get install -y chromium-headless-shell (or chromium)',
      '  or point to one: CHROMIUM_PATH=/path/to/chromium npm test',
    ].join('\n'),
  );
  process.exit(1);
}

// The browser tests run against the built product, started like `npm start`.
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  ...process.env,
  CHROMIUM_PATH: chromium,
});
