import { createHash } from 'node:crypto';
import { isPublicEnvKey } from '@appgen/contracts';

/**
 * The PUBLIC_ environment variables a build compiles in (apps-service's `apps.env_vars.public_values`). Only keys
 * with the public prefix are ever taken, whatever is passed, so a secret cannot reach a bundle through here.
 */
export type PublicEnv = Readonly<Record<string, string>>;

function publicEntries(values: PublicEnv): Array<[string, string]> {
  return Object.entries(values)
    .filter(([key]) => isPublicEnvKey(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * What a build's bundle depends on besides its version's files: '' without public values (every build made before
 * env vars existed), else the SHA-256 of the sorted pairs. A build is identified by its version and this digest.
 */
export function publicEnvDigest(values: PublicEnv): string {
  const entries = publicEntries(values);
  return entries.length === 0 ? '' : createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

/**
 * esbuild `define`s: `import.meta.env` is an object of the public values (so `import.meta.env.SECRET` is undefined
 * in the browser, not a TypeError and never the secret), and each `import.meta.env.PUBLIC_X` is its value inlined.
 */
export function publicEnvDefines(values: PublicEnv): Record<string, string> {
  const entries = publicEntries(values);
  const defines: Record<string, string> = { 'import.meta.env': JSON.stringify(Object.fromEntries(entries)) };
  for (const [key, value] of entries) defines[`import.meta.env.${key}`] = JSON.stringify(value);
  return defines;
}
