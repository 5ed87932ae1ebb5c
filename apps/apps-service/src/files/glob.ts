/**
 * Turns a glob over file paths into a RegExp matching whole paths:
 * `*` any run of characters within one path segment, `?` one character other than `/`,
 * `**` any run of characters across segments (`**\/` also matches no directory at all, so
 * `src/**\/*.ts` matches `src/main.ts`). Every other character matches itself.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += '[^/]*';
      }
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
