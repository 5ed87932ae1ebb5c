/**
 * A glob over file paths, matched against whole paths:
 * `*` any run of characters within one path segment, `?` one character other than `/`,
 * `**` any run of characters across segments (`**\/` also matches no directory at all, so
 * `src/**\/*.ts` matches `src/main.ts`). Every other character matches itself.
 *
 * Matched by walking a small automaton over the path, one character at a time, so the work grows with
 * pattern length times path length whatever the pattern: a regular expression of `.*.*.*…x` backtracks
 * exponentially, and one caller's pattern could keep apps-service busy for everyone.
 */
export interface GlobMatcher {
  test(path: string): boolean;
}

interface GlobState {
  /** states reached without reading a character */
  skips: number[];
  /** states reached by reading one character that passes `accepts` */
  steps: Array<{ accepts: (char: string) => boolean; to: number }>;
}

const anyChar = () => true;
const withinSegment = (char: string) => char !== '/';

export function compileGlob(glob: string): GlobMatcher {
  const states: GlobState[] = [{ skips: [], steps: [] }];
  const add = (): number => states.push({ skips: [], steps: [] }) - 1;
  let current = 0;
  /** a fresh state that loops on `accepts`, reached from the current one without reading */
  const loop = (accepts: (char: string) => boolean): number => {
    const looping = add();
    states[current]?.skips.push(looping);
    states[looping]?.steps.push({ accepts, to: looping });
    return looping;
  };
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (char === '*' && glob[i + 1] === '*') {
      while (glob[i + 1] === '*') i++;
      if (glob[i + 1] === '/') {
        i++;
        // `**/`: no directory at all, or any run of characters ending in `/`.
        const after = add();
        states[current]?.skips.push(after);
        const inside = loop(anyChar);
        states[inside]?.steps.push({ accepts: (c) => c === '/', to: after });
        current = after;
      } else {
        current = loop(anyChar);
      }
    } else if (char === '*') {
      current = loop(withinSegment);
    } else {
      const next = add();
      states[current]?.steps.push({ accepts: char === '?' ? withinSegment : (c) => c === char, to: next });
      current = next;
    }
  }
  const accepting = current;

  const closure = (reached: Set<number>): Set<number> => {
    const pending = [...reached];
    for (let state = pending.pop(); state !== undefined; state = pending.pop()) {
      for (const next of states[state]?.skips ?? []) {
        if (!reached.has(next)) {
          reached.add(next);
          pending.push(next);
        }
      }
    }
    return reached;
  };

  return {
    test(path: string): boolean {
      let reached = closure(new Set([0]));
      for (const char of path) {
        const next = new Set<number>();
        for (const state of reached) {
          for (const step of states[state]?.steps ?? []) if (step.accepts(char)) next.add(step.to);
        }
        if (next.size === 0) return false;
        reached = closure(next);
      }
      return reached.has(accepting);
    },
  };
}
