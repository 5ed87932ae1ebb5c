import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { e2eEnv } from './e2e-env';

// Debian's package (tools/platform/install.mjs installs it for npm test); Playwright's own browser
// download cannot work where appgen is built, so playwright-core drives the system's Chromium.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling Google's services, which a closed network refuses over and over.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium with a fresh temporary profile of its own, removed on close. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install Debian's package:\n` +
        '  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\n' +
        '(npm test does this itself when it runs as root), or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Runs `steps` on a new page of `context` and closes the context. Answers the browser's problems: console errors
 * (CSP violations among them) but those `expected` says are the test's own (a 401 it provokes), and uncaught
 * exceptions. A failure is screenshot to the run's log folder as `<label>-failure.png`, named in the error.
 */
export async function onBrowserPage(
  context: BrowserContext,
  label: string,
  steps: (page: Page) => Promise<void>,
  options: { timeoutMs?: number; expected?: (message: ConsoleMessage) => boolean } = {},
): Promise<string[]> {
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeoutMs ?? 10_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !options.expected?.(message)) problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  try {
    await steps(page);
  } catch (error) {
    const file = join(e2eEnv().logDir, `${label}-failure.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    if (error instanceof Error) error.message += `\n(screenshot: ${file}; browser problems: ${JSON.stringify(problems)})`;
    throw error;
  } finally {
    await context.close();
  }
  return problems;
}
