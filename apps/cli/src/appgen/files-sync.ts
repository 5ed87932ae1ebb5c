import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError } from './exit-codes';

/** Folders `files push` never sends: tools' and builds' output, not the app's source. */
export const IGNORED_DIRS = new Set(['.git', 'node_modules', 'dist']);

/**
 * Where an app's file `path` goes under `dir`, refusing a path that would land outside it (an absolute path or
 * `..`), whatever the API answered.
 */
export function localPathOf(dir: string, path: string): string {
  const root = resolve(dir);
  const target = resolve(root, path);
  if (isAbsolute(path) || path.split(/[\\/]/).includes('..') || !target.startsWith(root + sep)) {
    throw new CliError(1, { error: 'unsafe_path', message: `The app's file ${JSON.stringify(path)} would be written outside ${dir}; nothing was written` });
  }
  return target;
}

/** Every file below `dir` as `{path: content}` with `/`-separated paths relative to it, skipping IGNORED_DIRS. */
export async function readLocalFiles(dir: string): Promise<Map<string, string>> {
  const root = resolve(dir);
  const found = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) await walk(path);
      } else if (entry.isFile()) {
        found.set(relative(root, path).split(sep).join('/'), await readFile(path, 'utf8'));
      }
    }
  };
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw CliError.usage(`${dir} is not a folder`);
  await walk(root);
  return found;
}

export async function writeLocalFiles(dir: string, files: ReadonlyArray<{ path: string; content: string }>): Promise<void> {
  const targets = files.map((file) => ({ target: localPathOf(dir, file.path), content: file.content }));
  for (const { target, content } of targets) {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

export interface PushPlan {
  write: string[];
  remove: string[];
  unchanged: number;
}

/** What `files push` sends: new and changed files; with `deleteMissing`, removal of the app's files not in the folder. */
export function planPush(local: ReadonlyMap<string, string>, remote: ReadonlyMap<string, string>, deleteMissing: boolean): PushPlan {
  const write = [...local.keys()].filter((path) => remote.get(path) !== local.get(path)).sort();
  const remove = deleteMissing ? [...remote.keys()].filter((path) => !local.has(path)).sort() : [];
  return { write, remove, unchanged: local.size - write.length };
}
