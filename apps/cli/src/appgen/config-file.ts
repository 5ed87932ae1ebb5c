import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The tokens of a browser sign-in (`appgen login --web`). */
export interface StoredOAuth {
  access_token: string;
  refresh_token: string;
  /** when the access token expires (ISO 8601) */
  expires_at: string;
  client_id: string;
  token_endpoint: string;
}

/** What `appgen login` keeps between runs: an API key, or the tokens of a browser sign-in. */
export interface StoredConfig {
  api_url?: string;
  api_key?: string;
  oauth?: StoredOAuth;
}

/**
 * The config file: `$APPGEN_CONFIG_DIR/config.json`, else `$XDG_CONFIG_HOME/appgen/config.json`, else
 * `%APPDATA%\appgen\config.json` on Windows, else `~/.config/appgen/config.json`.
 */
export function configPath(env: NodeJS.ProcessEnv, home = homedir(), platform = process.platform): string {
  if (env['APPGEN_CONFIG_DIR']) return join(env['APPGEN_CONFIG_DIR'], 'config.json');
  if (env['XDG_CONFIG_HOME']) return join(env['XDG_CONFIG_HOME'], 'appgen', 'config.json');
  if (platform === 'win32' && env['APPDATA']) return join(env['APPDATA'], 'appgen', 'config.json');
  return join(home, '.config', 'appgen', 'config.json');
}

export async function readConfig(path: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { api_url, api_key, oauth } = parsed as Record<string, unknown>;
  return {
    ...(typeof api_url === 'string' ? { api_url } : {}),
    ...(typeof api_key === 'string' ? { api_key } : {}),
    ...(isStoredOAuth(oauth) ? { oauth } : {}),
  };
}

function isStoredOAuth(value: unknown): value is StoredOAuth {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['access_token', 'refresh_token', 'expires_at', 'client_id', 'token_endpoint'].every((field) => typeof record[field] === 'string');
}

/**
 * Writes the config readable by its owner only (0600, its folder 0700): it holds an API key. The mode is set at
 * creation and again after, since an existing file keeps the mode it had.
 */
export async function writeConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

export async function removeConfig(path: string): Promise<void> {
  await rm(path, { force: true });
}
