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

/**
 * The Node 24 LTS release CI also runs the unit and integration tests on: the release of the images
 * (docker/Dockerfile's NODE_IMAGE; move both together), while the code keeps running on Node 20.19+.
 */
export const NODE_24 = '24.21.0';

/**
 * Node NODE_24 from the npm registry (the `node-<platform>-<arch>` package the `node` package installs), kept
 * in node_modules/.cache. Returns the path of its binary, or undefined (and says why) when it cannot be had.
 */
export function ensureNode24() {
  const prefix = join(ROOT, 'node_modules/.cache/appgen-node', NODE_24);
  const binary = join(prefix, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  const version = () => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (existsSync(binary) && version() === `v${NODE_24}`) return binary;
  console.log(`Installing Node ${NODE_24} from the npm registry into ${prefix}...`);
  const installed = npm(['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-${process.platform}-${process.arch}@${NODE_24}`]);
  if (installed && existsSync(binary) && version() === `v${NODE_24}`) return binary;
  console.error(`Could not install Node ${NODE_24} (node-${process.platform}-${process.arch}@${NODE_24}) from the npm registry.`);
  return undefined;
}

/** Where the browser test finds Chromium: Debian's package, or CHROMIUM_PATH on other systems. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The Debian packages the end-to-end tests run for real (npm start needs none of them): Chromium for the browser
 * tests, and pebble with pebble-challtestsrv (an ACME server and a DNS server) for the custom-domains test.
 */
export const TEST_PACKAGES = [
  { name: 'chromium', binary: CHROMIUM_PATH, for: 'the browser tests' },
  { name: 'pebble', binary: '/usr/bin/pebble', for: 'the custom-domains test (ACME)' },
  { name: 'pebble', binary: '/usr/bin/pebble-challtestsrv', for: 'the custom-domains test (DNS)' },
];

function installCommand(names) {
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names.join(' ')}`;
}

function onPath(name) {
  return (process.env.PATH ?? '')
    .split(':')
    .filter(Boolean)
    .some((dir) => existsSync(join(dir, name)));
}

/**
 * Makes TEST_PACKAGES available (npm test only). Installs what is missing with apt-get when running as root, as CI
 * does; otherwise says how. Returns the tests that cannot run for want of a package (none: all there).
 */
export function ensureTestPackages() {
  const missing = () => TEST_PACKAGES.filter((needed) => !existsSync(needed.binary));
  const before = missing();
  if (before.length === 0) {
    console.log(`Debian packages for the tests: ${[...new Set(TEST_PACKAGES.map((needed) => needed.name))].join(', ')}`);
    return [];
  }
  const names = [...new Set(before.map((needed) => needed.name))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const customChromium = Boolean(process.env.CHROMIUM_PATH) && before.some((needed) => needed.name === 'chromium');
  if (!isRoot || !onPath('apt-get') || customChromium) {
    console.error(
      `Missing for the tests: ${before.map((needed) => `${needed.binary} (${needed.for})`).join(', ')}, and this run cannot install ` +
        `${isRoot ? 'them' : 'them (not root)'}. Install them with:\n  ${installCommand(names)}\n` +
        '(or point CHROMIUM_PATH at a Chromium binary). Those tests fail until then.',
    );
    return before.map((needed) => needed.for);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    console.log(`$ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.error) console.error(`could not run apt-get: ${result.error.message}`);
    return result.status === 0;
  };
  console.log(`Installing Debian's ${names.join(', ')} for the tests...`);
  const installed = apt(['update']) && apt(['install', '-y', '--no-install-recommends', ...names]);
  const after = missing();
  if (!installed || after.length > 0) console.error(`Installing ${names.join(' ')} failed (see above). Try it yourself:\n  ${installCommand(names)}`);
  return after.map((needed) => needed.for);
}
