// Support for the CLI's specs (a `.testing.ts` file: not built, not a spec): runs `appgen` in-process with captured
// output, a config folder of its own and a fake or real API.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAppgen } from './program';
import type { CliIo } from './session';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout's last line, parsed (what a script reads after --json) */
  json(): unknown;
}

export interface CliRunOptions {
  env?: NodeJS.ProcessEnv;
  tty?: boolean;
  cwd?: string;
  answers?: string[];
  stdin?: string;
  openUrl?: (url: string) => void;
}

const made: string[] = [];

/** A fresh empty folder (a config folder, a working folder); `removeScratchDirs` removes them all. */
export async function newConfigDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'appgen-cli-'));
  made.push(dir);
  return dir;
}

export async function removeScratchDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function appgen(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const answers = [...(options.answers ?? [])];
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty, columns: 60 },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty, columns: 60 },
    env: { APPGEN_CONFIG_DIR: options.env?.['APPGEN_CONFIG_DIR'] ?? (await newConfigDir()), ...options.env },
    cwd: options.cwd ?? process.cwd(),
    pollIntervalMs: 10,
    ...(options.openUrl ? { openUrl: options.openUrl } : {}),
    ...(options.tty ? { ask: async () => answers.shift() ?? '' } : { readStdin: async () => options.stdin ?? '' }),
  };
  const code = await runAppgen(args, io);
  return {
    code,
    stdout,
    stderr,
    json: () => JSON.parse(stdout.trimEnd().split('\n').pop() ?? ''),
  };
}
