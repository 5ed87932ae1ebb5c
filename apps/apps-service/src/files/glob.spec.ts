import { compileGlob } from './glob';

function matches(glob: string, paths: string[]): string[] {
  const pattern = compileGlob(glob);
  return paths.filter((path) => pattern.test(path));
}

const TREE = [
  'index.html',
  'AGENTS.md',
  'src/main.ts',
  'src/app.css',
  'src/pages/recipes.ts',
  'src/pages/deep/nested/form.ts',
  'src/pages/a.ts',
  'public/logo.svg',
  'srcxmain.ts',
];

describe('compileGlob', () => {
  it('keeps * inside one path segment', () => {
    expect(matches('*.md', TREE)).toEqual(['AGENTS.md']);
    expect(matches('src/*.ts', TREE)).toEqual(['src/main.ts']);
  });

  it('lets ** cross segments, and **/ match no directory at all', () => {
    expect(matches('src/**/*.ts', TREE)).toEqual(['src/main.ts', 'src/pages/recipes.ts', 'src/pages/deep/nested/form.ts', 'src/pages/a.ts']);
    expect(matches('**/*.css', TREE)).toEqual(['src/app.css']);
    expect(matches('**', TREE)).toEqual(TREE);
    expect(matches('src/**', TREE)).toHaveLength(5);
  });

  it('matches ? to exactly one character other than /', () => {
    expect(matches('src/pages/?.ts', TREE)).toEqual(['src/pages/a.ts']);
    expect(matches('src?main.ts', TREE)).toEqual(['srcxmain.ts']);
  });

  it('treats regular expression characters literally', () => {
    expect(matches('src.main.ts', TREE)).toEqual([]);
    expect(compileGlob('a+(b)[c]$^|{d}').test('a+(b)[c]$^|{d}')).toBe(true);
    expect(compileGlob('a+b').test('aab')).toBe(false);
  });

  it('matches whole paths only', () => {
    expect(matches('main.ts', TREE)).toEqual([]);
    expect(matches('index.html', TREE)).toEqual(['index.html']);
  });
});

describe('compileGlob on hostile patterns', () => {
  it('matches runs of wildcards in time that grows with their length, not exponentially', () => {
    const path = `src/${'a'.repeat(290)}`;
    for (const glob of [`${'*'.repeat(400)}x`, `${'*a'.repeat(200)}x`, `${'**/'.repeat(150)}x`, `${'?*'.repeat(200)}x`]) {
      expect(compileGlob(glob).test(path)).toBe(false);
    }
    expect(compileGlob(`${'*a'.repeat(100)}`).test(`${'a'.repeat(200)}`)).toBe(true);
  });
});
