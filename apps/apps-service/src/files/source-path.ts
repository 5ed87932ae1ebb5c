import type { FieldError, SourceFile } from '@appgen/contracts';

export const MAX_PATH_LENGTH = 300;
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_FILES = 500;

const PATH_CHARACTERS = /^[A-Za-z0-9._/-]+$/;

/** Why a path may not be stored, or null when it may. Paths stay inside the app's tree and are safe in URLs and shells. */
export function pathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || path.length === 0) return 'is required';
  if (path.length > MAX_PATH_LENGTH) return `must be at most ${MAX_PATH_LENGTH} characters`;
  if (path.startsWith('/')) return 'must be relative (no leading /)';
  if (!PATH_CHARACTERS.test(path)) return 'may contain only letters, digits, ".", "_", "-" and "/"';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..')) return 'may not contain ".."';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'may not contain empty or "." segments';
  return null;
}

export function byteSize(content: string): number {
  return Buffer.byteLength(content, 'utf8');
}

export function contentProblem(content: unknown): string | null {
  if (typeof content !== 'string') return 'must be a string';
  if (byteSize(content) > MAX_FILE_BYTES) return `must be at most ${MAX_FILE_BYTES} bytes (1 MB)`;
  return null;
}

/** Problems of a whole tree about to become a version: each file's path and content, duplicates, the count. */
export function treeProblems(files: unknown): FieldError[] {
  if (!Array.isArray(files)) return [{ field: 'files', message: 'must be an array of {path, content}' }];
  const errors: FieldError[] = [];
  if (files.length > MAX_FILES) errors.push({ field: 'files', message: `may hold at most ${MAX_FILES} files (got ${files.length})` });
  const seen = new Set<string>();
  files.forEach((file: Partial<SourceFile> | null, index) => {
    const path = file?.path;
    const pathError = pathProblem(path);
    if (pathError) errors.push({ field: `files[${index}].path`, message: pathError });
    const contentError = contentProblem(file?.content);
    if (contentError) errors.push({ field: `files[${index}].content`, message: contentError });
    if (typeof path === 'string') {
      if (seen.has(path)) errors.push({ field: `files[${index}].path`, message: `repeats ${path}` });
      seen.add(path);
    }
  });
  return errors;
}
