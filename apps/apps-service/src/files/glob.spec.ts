import { globToRegExp } from './glob';

function matches(glob: string, paths: string[]): string[] {
  const pattern = globToRegExp(glob);
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

describe('globToRegExp', () => {
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
    expect(globToRegExp('a+(b)[c]$^|{d}').test('a+(b)[c]$^|{d}')).toBe(true);
    expect(globToRegExp('a+b').test('aab')).toBe(false);
  });

  it('matches whole paths only', () => {
    expect(matches('main.ts', TREE)).toEqual([]);
    expect(matches('index.html', TREE)).toEqual(['index.html']);
  });
});
