import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
