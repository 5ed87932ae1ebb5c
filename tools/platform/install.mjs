// Runs before node_modules exists, so Node builtins only.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './platform.mjs';

const MIN_NODE = [20, 19];

/** Exits with a readable message when Node is older than the engines field allows. */
export function requireNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return;
  console.error(
    `appgen needs Node ${MIN_NODE.join('.')} or newer; this is ${process.version}.\n` +
      'On Debian, install a current Node from NodeSource (https://github.com/nodesource/distributions) or with nvm:\n' +
      '  curl -fsSL https://deb.nodesource.com/setup_22.x | sudo -E bash - && sudo apt-get install -y nodejs',
  );
  process.exit(1);
}

/** npm records what it installed in node_modules/.package-lock.json; older than the lock file means stale. */
export function installNeeded() {
  const installed = join(ROOT, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) return true;
  return statSync(installed).mtimeMs < statSync(join(ROOT, 'package-lock.json')).mtimeMs;
}

function npm(args) {
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) console.error(`could not run npm: ${result.error.message}`);
  return result.status === 0;
}

/** `npm ci` when node_modules is missing or older than package-lock.json; returns false if it failed. */
export function ensureInstalled() {
  if (!installNeeded()) return true;
  console.log('Installing dependencies (npm ci)...');
  if (npm(['ci', '--no-audit', '--no-fund'])) return true;
  // npm ci also refuses a lock file that lacks the optional binaries of other platforms (e.g. @swc/core's
  // for macOS), which a registry mirror may not carry. `npm install --no-save` installs the same locked
  // versions without rewriting package-lock.json.
  console.log('npm ci failed; installing the locked versions with npm install --no-save instead...');
  return npm(['install', '--no-save', '--no-audit', '--no-fund']);
}

/** Where the browser test finds Chromium: Debian's package, or CHROMIUM_PATH on other systems. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';

function onPath(name) {
  return (process.env.PATH ?? '')
    .split(':')
    .filter(Boolean)
    .some((dir) => existsSync(join(dir, name)));
}

/**
 * Makes Debian's chromium available for the browser test (npm test only: npm start never needs a browser).
 * Installs it with apt-get when running as root, as CI does; otherwise says how. Returns whether it is there.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) {
    console.log(`Chromium for the browser test: ${CHROMIUM_PATH}`);
    return true;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get') || process.env.CHROMIUM_PATH) {
    console.error(
      `The browser test needs Chromium at ${CHROMIUM_PATH}, which is missing, and this run cannot install it` +
        `${isRoot ? '' : ' (not root)'}. Install it with:\n  ${CHROMIUM_INSTALL_COMMAND}\n` +
        '(or point CHROMIUM_PATH at a Chromium binary). The browser test fails until then.',
    );
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    console.log(`$ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.error) console.error(`could not run apt-get: ${result.error.message}`);
    return result.status === 0;
  };
  console.log(`Installing Debian's chromium for the browser test (${CHROMIUM_PATH} is missing)...`);
  if (!apt(['update']) || !apt(['install', '-y', '--no-install-recommends', 'chromium']) || !existsSync(CHROMIUM_PATH)) {
    console.error(`Installing chromium failed (see above). Try it yourself:\n  ${CHROMIUM_INSTALL_COMMAND}`);
    return false;
  }
  console.log(`Installed ${CHROMIUM_PATH}.`);
  return true;
}
