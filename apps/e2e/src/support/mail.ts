import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { e2eEnv } from './e2e-env';

export interface ReceivedMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  date: string;
  /** The text/plain body, decoded. */
  text: string;
}

function decodeBytes(raw: string, encoding: string): string {
  const kind = encoding.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const joined = raw.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i += 1) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return raw;
}

/** RFC 2047 encoded words, as mailers write non-ASCII subjects. */
function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047, section 6.2).
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeBytes(data.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textBody(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => splitMessage(part.replace(/^\n/, '')));
    const plain = parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith('text/plain'));
    const chosen = plain ?? parts[0];
    return chosen ? textBody(chosen.headers, chosen.body) : '';
  }
  return decodeBytes(body, headers.get('content-transfer-encoding') ?? '7bit').trimEnd();
}

export function parseEml(file: string): ReceivedMail {
  const { headers, body } = splitMessage(readFileSync(file, 'utf8'));
  return {
    file,
    to: decodeWords(headers.get('to') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    date: headers.get('date') ?? '',
    text: textBody(headers, body),
  };
}

/**
 * The newest mail to `email` in the platform's MAIL_DIR, waiting up to `timeoutMs` for one to arrive
 * (mail is sent after the request that causes it returns). `since` ignores older mail, e.g. the code of a
 * previous sign-in.
 */
export async function latestMailTo(email: string, options: { since?: Date; timeoutMs?: number } = {}): Promise<ReceivedMail> {
  const { mailDir } = e2eEnv();
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const wanted = email.toLowerCase();
  for (;;) {
    const files = readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => ({ path: join(mailDir, name), name, mtime: statSync(join(mailDir, name)).mtimeMs }))
      .filter((f) => !options.since || f.mtime >= options.since.getTime())
      .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
    for (const file of files) {
      const mail = parseEml(file.path);
      if (mail.to.toLowerCase().includes(wanted)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${mailDir} within ${options.timeoutMs ?? 10_000} ms`);
    await sleep(100);
  }
}
