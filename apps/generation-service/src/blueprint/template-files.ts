/**
 * The fixed files of every generated app, read from the template project (`apps/generation-service/template`,
 * copied beside the compiled service by the build): its `tsconfig.json` and everything under `src/`. Read once
 * and kept; sorted by path, so rendering stays deterministic.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceFile } from '@appgen/contracts';

/** The template project: `../../template` from this folder, in the sources and in dist/ alike. */
export const TEMPLATE_DIR = path.resolve(__dirname, '../../template');

/** What of the template an app gets; its tests and notes stay behind. */
const COPIED = ['tsconfig.json', 'src'];

let files: readonly SourceFile[] | undefined;

function read(relative: string): SourceFile[] {
  const absolute = path.join(TEMPLATE_DIR, relative);
  if (!fs.statSync(absolute).isDirectory()) return [{ path: relative, content: fs.readFileSync(absolute, 'utf8') }];
  return fs
    .readdirSync(absolute)
    .sort()
    .flatMap((entry) => read(`${relative}/${entry}`));
}

export function templateFiles(): readonly SourceFile[] {
  files ??= COPIED.flatMap(read).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return files;
}

/** One file of the template by its app-relative path, e.g. `src/api.ts`. */
export function templateFile(relative: string): string {
  const found = templateFiles().find((file) => file.path === relative);
  if (!found) throw new Error(`The app template has no ${relative} (in ${TEMPLATE_DIR}).`);
  return found.content;
}
