#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { runAppgen } from './appgen/program';

/** `appgen`: the developer's CLI. Everything is in ./appgen/; this wires it to the process. */
function ask(question: string, options: { hidden?: boolean } = {}): Promise<string> {
  // A hidden answer (an API key) is not echoed: the prompt goes out, the typed characters do not.
  let muted = false;
  const output = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  const answer = reader.question(question);
  muted = options.hidden === true;
  return answer.finally(() => {
    reader.close();
    if (options.hidden) process.stderr.write('\n');
  });
}

/** Opens an address in the desktop's browser; where there is none, the printed address is what the user opens. */
function openUrl(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const opener = spawn(command, args, { stdio: 'ignore', detached: true });
  opener.on('error', () => undefined);
  opener.unref();
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const interrupt = new AbortController();
process.once('SIGINT', () => interrupt.abort(Object.assign(new Error('interrupted'), { name: 'AbortError' })));

void runAppgen(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  ...(process.stdin.isTTY ? { ask } : { readStdin }),
  signal: interrupt.signal,
  openUrl,
}).then((code) => {
  process.exitCode = code;
});
