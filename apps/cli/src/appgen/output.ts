/** Where a command writes: stdout for results, stderr for progress and failures. */
export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * What a command shows. Without --json: readable lines on stdout. With --json: only the result, as the last (and
 * only) line of stdout, so a script reads `tail -n 1`. Progress goes to stderr either way.
 */
export class Output {
  constructor(
    readonly stdout: Stream,
    readonly stderr: Stream,
    readonly json: boolean,
  ) {}

  /** A readable line (not in --json mode). */
  line(text = ''): void {
    if (!this.json) this.stdout.write(`${text}\n`);
  }

  /** The command's result: JSON in --json mode, else the readable lines `human` gives. */
  result(value: unknown, human: () => string | string[]): void {
    if (this.json) {
      this.stdout.write(`${JSON.stringify(value)}\n`);
      return;
    }
    const text = human();
    for (const line of Array.isArray(text) ? text : [text]) this.stdout.write(`${line}\n`);
  }

  /** A failure, as the API's `{error, message}` body on one line: on stdout in --json mode (the last line), else stderr. */
  failure(body: { error: string; message: string }): void {
    (this.json ? this.stdout : this.stderr).write(`${JSON.stringify(body)}\n`);
  }
}

/** Rows under a header, columns padded to their widest cell; `—` for empty cells. */
export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string[] {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === null || cell === undefined || cell === '' ? '—' : String(cell))))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
