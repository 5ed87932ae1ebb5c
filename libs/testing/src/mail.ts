import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads a single-part text .eml as written by a mail service without MAIL_URL. */
export function parseEml(file: string, raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', text };
}

/**
 * Waits for the newest .eml in `dir` addressed to `to` (and not in `seen`, to skip mails read before),
 * and returns it parsed.
 */
export async function waitForMail(
  dir: string,
  to: string,
  options: { timeoutMs?: number; seen?: ReadonlySet<string> } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const names = await readdir(dir).catch(() => []);
    const candidates = names.filter((name) => name.endsWith('.eml') && !options.seen?.has(name)).sort().reverse();
    for (const name of candidates) {
      const mail = parseEml(name, await readFile(join(dir, name), 'utf8'));
      if (mail.to.toLowerCase().includes(to.toLowerCase())) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
