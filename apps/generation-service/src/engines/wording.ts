/** `1 file`, `3 files`, `2 entities`: a count with its noun, for progress messages. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
