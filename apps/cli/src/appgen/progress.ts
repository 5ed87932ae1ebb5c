import type { Stream } from './output';

const BAR_WIDTH = 24;

/** `[██████░░░░░░]  50% Writing the pages`, cut to `columns`. */
export function progressLine(progress: number, message: string, columns = 80): string {
  const percent = Math.max(0, Math.min(100, Math.round(progress)));
  const filled = Math.round((percent / 100) * BAR_WIDTH);
  const line = `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${message}`;
  return line.length > columns - 1 ? `${line.slice(0, Math.max(0, columns - 2))}…` : line;
}

/**
 * Shows a job's or a deployment's progress on `stream`: on a terminal one bar redrawn in place; otherwise (a log,
 * a pipe) one plain line per change, `50% Writing the pages`.
 */
export class ProgressView {
  private drawn = false;

  constructor(private readonly stream: Stream) {}

  update(progress: number, message: string): void {
    if (this.stream.isTTY) {
      this.stream.write(`\r${progressLine(progress, message, this.stream.columns ?? 80)}\x1b[K`);
      this.drawn = true;
    } else {
      this.stream.write(`${progress}% ${message}\n`);
    }
  }

  /** Ends the bar's line so what follows starts on its own. */
  done(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
