import { AppsSubjects, RPC_SCHEMAS, validate } from '@appgen/contracts';
import { contentProblem, pathProblem, treeProblems } from './source-path';

const caller = { accountId: 1, email: 'owner@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [] };

/** What apps-service answers a message with before its handler runs: the subject's schema. */
function boundaryErrors(subject: string, request: Record<string, unknown>): Array<{ field: string; message: string }> {
  const schema = RPC_SCHEMAS[subject]?.request;
  if (!schema) throw new Error(`no schema for ${subject}`);
  const checked = validate(schema, { caller, id: 'k3x9q2m7w1ab', ...request });
  return checked.ok ? [] : checked.errors;
}

describe('source path rules', () => {
  it('accepts relative paths of safe characters', () => {
    for (const path of ['index.html', 'src/pages/recipe-list.ts', 'public/logo_v2.svg', '.env.example', 'a/.hidden/b']) {
      expect(pathProblem(path)).toBeNull();
    }
  });

  it('refuses paths leaving the tree, absolute, too long, or with other characters', () => {
    expect(pathProblem('../x')).toBe('may not contain ".."');
    expect(pathProblem('src/../../x')).toBe('may not contain ".."');
    expect(pathProblem('/etc/passwd')).toBe('must be relative (no leading /)');
    expect(pathProblem('a'.repeat(300))).toBeNull();
    expect(pathProblem('src/my file.ts')).toMatch(/^may contain only/);
    expect(pathProblem('src\\x.ts')).toMatch(/^may contain only/);
    expect(pathProblem('é.ts')).toMatch(/^may contain only/);
    expect(pathProblem('src//x.ts')).toBe('may not contain empty or "." segments');
    expect(pathProblem('src/')).toBe('may not contain empty or "." segments');
  });

  it('refuses at the subject a path that is empty or too long and content that is not text', () => {
    expect(boundaryErrors(AppsSubjects.writeFile, { path: '', content: '' })).toEqual([{ field: 'path', message: 'must not be empty' }]);
    expect(boundaryErrors(AppsSubjects.writeFile, { path: 'a'.repeat(301), content: 42 })).toEqual([
      { field: 'path', message: 'must be at most 300 characters' },
      { field: 'content', message: 'must be a string' },
    ]);
    expect(boundaryErrors(AppsSubjects.writeFile, { path: 'a'.repeat(300), content: '' })).toEqual([]);
  });

  it('limits content to 512 KB of UTF-8', () => {
    expect(contentProblem('x'.repeat(512 * 1024))).toBeNull();
    expect(contentProblem('x'.repeat(512 * 1024 + 1))).toBe('must be at most 524288 bytes (512 KB) of UTF-8');
    expect(contentProblem('é'.repeat(256 * 1024 + 1))).toBe('must be at most 524288 bytes (512 KB) of UTF-8');
  });

  it('checks a whole tree: each file, repeats and the 500-file limit', () => {
    expect(treeProblems([{ path: 'a', content: '' }, { path: '../b', content: '' }, { path: 'a', content: '' }])).toEqual([
      { field: 'files[1].path', message: 'may not contain ".."' },
      { field: 'files[2].path', message: 'repeats a' },
    ]);
    expect(treeProblems(Array.from({ length: 501 }, (_, i) => ({ path: `f${i}`, content: '' })))).toEqual([
      { field: 'files', message: 'may hold at most 500 files (got 501)' },
    ]);
    const big = 'x'.repeat(512 * 1024);
    expect(treeProblems(Array.from({ length: 33 }, (_, i) => ({ path: `f${i}`, content: big })))).toEqual([
      { field: 'files', message: "would make the app's source 16.5 MB; an app holds at most 16777216 bytes (16 MB) of source files" },
    ]);
    const save = { plan: null, source: 'edit' };
    expect(boundaryErrors(AppsSubjects.saveVersion, { ...save, files: 'nope' })).toEqual([{ field: 'files', message: 'must be an array' }]);
    expect(boundaryErrors(AppsSubjects.saveVersion, { ...save, files: [{ path: 'a', content: 1 }] })).toEqual([{ field: 'files.0.content', message: 'must be a string' }]);
    expect(boundaryErrors(AppsSubjects.saveVersion, { ...save, files: [], source: 'upload' })).toEqual([{ field: 'source', message: 'must be one of generation, edit, rollback' }]);
  });
});
