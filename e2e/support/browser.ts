import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** CHROMIUM_PATH, else Chromium's headless shell (lighter, the same engine), else the full browser. */
const chromiumPath = () => {
  const path =
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) =>
      existsSync(candidate),
    );
  if (!path || !existsSync(path)) {
    throw new Error(
      `Chromium not found${path ? ` at ${path}` : ''}. Run the tests with "npm test" (it installs Debian's ` +
        'chromium-headless-shell when it can) or install it: apt-get install -y chromium-headless-shell ' +
        '(or chromium), or set CHROMIUM_PATH.',
    );
  }
  return path;
};

/** Debian's Chromium, headless, kept from reaching any host this machine cannot reach. */
export const launchBrowser = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });

export const DEMO = { email: 'demo@leasing.test', password: 'leasing-demo' };
export const OTHER = { email: 'other@leasing.test', password: 'leasing-demo' };

/** Signs in through the login page, as a person would. */
export const signIn = async (page: Page, baseUrl: string, credentials = DEMO) => {
  await page.goto(`${baseUrl}/account/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/main/dashboard**');
};
