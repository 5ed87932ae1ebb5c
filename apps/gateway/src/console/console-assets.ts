import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run build` writes the console's bundle (content-hashed files and manifest.json), beside the compiled gateway. */
export const CONSOLE_ASSET_DIR = join(__dirname, '..', '..', 'console');

export interface ConsoleManifest {
  script: string;
  style: string;
}

/** A built file of the console: its bytes and type, served with a year's cache since its name changes with its content. */
export interface ConsoleAsset {
  body: Buffer;
  type: string;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** The console's built files, read once; undefined when the bundle was not built (the gateway run from its sources). */
export class ConsoleAssets {
  private readonly files = new Map<string, ConsoleAsset>();
  readonly manifest: ConsoleManifest | undefined;

  constructor(dir = CONSOLE_ASSET_DIR) {
    const manifestPath = join(dir, 'manifest.json');
    if (!existsSync(manifestPath)) return;
    this.manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ConsoleManifest;
    for (const name of [this.manifest.script, this.manifest.style]) {
      const extension = name.slice(name.lastIndexOf('.'));
      this.files.set(name, { body: readFileSync(join(dir, name)), type: TYPES[extension] ?? 'application/octet-stream' });
    }
  }

  file(name: string): ConsoleAsset | undefined {
    return this.files.get(name);
  }
}
