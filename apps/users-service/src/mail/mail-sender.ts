import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import type { OutgoingMail } from './mail-outbox.service';

export interface MailSender {
  /** A short description for logs (never the SMTP password). */
  readonly description: string;
  send(id: string, mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSenderOptions {
  url: string | undefined;
  dir: string;
  from: string;
}

/** SMTP when MAIL_URL is set; otherwise each mail becomes an .eml file, which is how local runs and tests read it. */
export function createMailSender(options: MailSenderOptions): MailSender {
  return options.url ? smtpSender(options.url, options.from) : emlFileSender(resolve(options.dir), options.from);
}

function smtpSender(url: string, from: string): MailSender {
  const parsed = new URL(url);
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    description: `SMTP ${parsed.protocol}//${parsed.host}`,
    async send(_id, mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}

/** `2025-01-31T09-15-00-123Z-42.eml`: names sort by time, so the newest mail is the last one listed. */
export function emlFileName(sentAt: Date, id: string): string {
  return `${sentAt.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
}

function emlFileSender(dir: string, from: string): MailSender {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${dir}`,
    async send(id, mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      if (!Buffer.isBuffer(info.message)) throw new Error('mail composer returned a stream instead of a buffer');
      await mkdir(dir, { recursive: true });
      const target = join(dir, emlFileName(new Date(), id));
      // Written aside then renamed, so a reader never sees half a message under the final name.
      const partial = `${target}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, target);
    },
    close: () => transport.close(),
  };
}
