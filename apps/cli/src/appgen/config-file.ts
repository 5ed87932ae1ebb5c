import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What `appgen login` keeps between runs. */
export interface StoredConfig {
  api_url?: string;
  api_key?: string;
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
  const { api_url, api_key } = parsed as Record<string, unknown>;
  return { ...(typeof api_url === 'string' ? { api_url } : {}), ...(typeof api_key === 'string' ? { api_key } : {}) };
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
