import 'reflect-metadata';
import { createHash } from 'node:crypto';
import type { Client } from 'pg';
import { UsersSubjects } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import { freePort, rpcFailure, waitForMail } from '@appgen/testing';
import { startUsersServiceUnderTest, type UsersServiceUnderTest } from './users-service-under-test.testing';

// Sign-in codes at rest: the mailed code is in the mail, and nowhere a reader of the database could find it.
jest.setTimeout(60_000);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const APP = 'recipes00001';

interface MailRow {
  id: string;
  subject: string | null;
  text_body: string | null;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mailRowTo(sql: Client, recipient: string): Promise<MailRow | undefined> {
  const { rows } = await sql.query<MailRow>(
    'SELECT id, subject, text_body, attempts, last_error, sent_at, failed_at FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  return rows[0];
}

/** Waits until the newest mail to `recipient` is finished (sent or failed) in the database, and returns its row. */
function finishedMailTo(sql: Client, recipient: string): Promise<MailRow> {
  return until(`the mail to ${recipient} to be finished`, async () => {
    const row = await mailRowTo(sql, recipient);
    return row && (row.sent_at || row.failed_at) ? row : null;
  });
}

/** Every table and column of the users schema that holds text, with the rows in which `needle` occurs. */
async function whereTextHolds(sql: Client, needle: string): Promise<string[]> {
  const { rows: columns } = await sql.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'users' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
  );
  expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual(
    expect.arrayContaining(['mail_outbox.subject', 'mail_outbox.text_body', 'sign_in_codes.code_hash', 'app_user_codes.code_hash']),
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users."${table}" WHERE position($1 in "${column}"::text) > 0`,
      [needle],
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('sign-in codes at rest', () => {
  let users: UsersServiceUnderTest;
  let rpc: RpcClient;
  let sql: Client;
  const seenMail = new Set<string>();

  async function mailedCode(email: string, subject: RegExp): Promise<string> {
    const mail = await waitForMail(users.mailDir, email, { seen: seenMail });
    seenMail.add(mail.file);
    const code = subject.exec(mail.subject)?.[1];
    if (!code) throw new Error(`unexpected subject: ${mail.subject}`);
    // the mail itself still carries the code: that is how the user gets it
    expect(mail.text).toContain(code);
    return code;
  }

  beforeAll(async () => {
    users = await startUsersServiceUnderTest('appgen_users_codes');
    ({ rpc, sql } = users);
  });

  afterAll(() => users?.close());

  it('keeps an account code only as a keyed hash, clears the mail once sent, and the code works once', async () => {
    const email = 'rest@example.com';
    const { account } = await rpc.request(UsersSubjects.createAccount, { email });
    const code = await mailedCode(email, /^Your appgen sign-in code: (\d{6})$/);
    const mail = await finishedMailTo(sql, email);
    expect(mail).toMatchObject({ subject: null, text_body: null, attempts: 1, failed_at: null });
    expect(mail.sent_at).toBeInstanceOf(Date);

    expect(await whereTextHolds(sql, code)).toEqual([]);
    // the stored hash is not the plain digest a reader could match by trying all million codes
    const { rows } = await sql.query<{ code_hash: string }>('SELECT code_hash FROM sign_in_codes WHERE account_id = $1', [account.id]);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toBe(sha256(`${account.id}:${code}`));

    const signedIn = await rpc.request(UsersSubjects.verifySignInCode, { email, code });
    expect(signedIn.account.email).toBe(email);
    expect((await rpcFailure(rpc.request(UsersSubjects.verifySignInCode, { email, code }))).status).toBe(401);
    expect(await whereTextHolds(sql, code)).toEqual([]);
  });

  it("keeps an app user's code the same way", async () => {
    const owner = await rpc.request(UsersSubjects.createAccount, { email: 'app-owner@example.com' });
    await mailedCode('app-owner@example.com', /^Your appgen sign-in code: (\d{6})$/);
    const email = 'visitor@example.com';
    const target = { app_id: APP, account_id: owner.account.id, email };
    await rpc.request(UsersSubjects.appUserRequestCode, { ...target, app_name: 'Recipe Box' });
    const code = await mailedCode(email, /^Your sign-in code for Recipe Box: (\d{6})$/);
    expect(await finishedMailTo(sql, email)).toMatchObject({ subject: null, text_body: null });

    expect(await whereTextHolds(sql, code)).toEqual([]);
    const { rows } = await sql.query<{ code_hash: string }>('SELECT code_hash FROM app_user_codes WHERE app_id = $1 AND email = $2', [APP, email]);
    expect(rows[0]?.code_hash).not.toBe(sha256(`${APP}:${email}:${code}`));

    const session = await rpc.request(UsersSubjects.appUserVerifyCode, { ...target, code });
    expect(session.app_user.email).toBe(email);
    expect((await rpcFailure(rpc.request(UsersSubjects.appUserVerifyCode, { ...target, code }))).status).toBe(401);
  });

  it('refuses, in the database itself, a finished mail that still holds its content', async () => {
    const mail = await finishedMailTo(sql, 'rest@example.com');
    await expect(sql.query("UPDATE mail_outbox SET subject = 'Your appgen sign-in code: 123456' WHERE id = $1", [mail.id])).rejects.toThrow(
      /mail_outbox_finished_holds_no_content/,
    );
  });

  it('purges finished mail after MAIL_RETENTION_HOURS, from any replica, as soon as one starts', async () => {
    const recent = await finishedMailTo(sql, 'rest@example.com');
    const old = await finishedMailTo(sql, 'visitor@example.com');
    const { rows: inserted } = await sql.query<{ id: string }>(
      `INSERT INTO mail_outbox (recipient, attempts, next_attempt_at, last_error, failed_at, created_at)
       VALUES ('gone@example.com', 10, now(), 'refused', now() - interval '49 hours', now() - interval '50 hours'),
              ('kept@example.com', 10, now(), 'refused', now() - interval '25 hours', now() - interval '26 hours')
       RETURNING id`,
    );
    const [oldFailed, youngerFailed] = inserted.map((row) => row.id);
    await sql.query("UPDATE mail_outbox SET sent_at = now() - interval '49 hours' WHERE id = $1", [old.id]);

    // A process that starts (a second replica, or this one after a restart) sweeps at once.
    await users.startReplica({ MAIL_RETENTION_HOURS: '48' });
    const remaining = await until('the sweep', async () => {
      const { rows } = await sql.query<{ id: string }>('SELECT id FROM mail_outbox');
      const ids = rows.map((row) => row.id);
      return ids.includes(old.id) || ids.includes(String(oldFailed)) ? null : ids;
    });
    // past 48 hours: gone; within them (25 h, and just now): kept
    expect(remaining).toEqual(expect.arrayContaining([recent.id, String(youngerFailed)]));

    // the replica shares the work: sign-in still mails and works with two processes answering
    const email = 'after-sweep@example.com';
    await rpc.request(UsersSubjects.createAccount, { email });
    const code = await mailedCode(email, /^Your appgen sign-in code: (\d{6})$/);
    expect((await rpc.request(UsersSubjects.verifySignInCode, { email, code })).account.email).toBe(email);
  });
});

describe('mail that cannot be sent', () => {
  let users: UsersServiceUnderTest;
  let rpc: RpcClient;
  let sql: Client;

  beforeAll(async () => {
    // nothing listens on this port: every attempt to send fails
    users = await startUsersServiceUnderTest('appgen_users_nomail', { MAIL_URL: `smtp://127.0.0.1:${await freePort()}` });
    ({ rpc, sql } = users);
  });

  afterAll(() => users?.close());

  async function failedOnce(email: string): Promise<MailRow> {
    await rpc.request(UsersSubjects.createAccount, { email });
    return until(`a failed attempt to mail ${email}`, async () => {
      const row = await mailRowTo(sql, email);
      return row && row.attempts >= 1 ? row : null;
    });
  }

  it('keeps its content while it is retried, and clears it when it finally fails', async () => {
    const email = 'bounce@example.com';
    const pending = await failedOnce(email);
    expect(pending.failed_at).toBeNull();
    expect(pending.subject).toMatch(/^Your appgen sign-in code: \d{6}$/);
    expect(pending.last_error).toEqual(expect.any(String));

    // as if nine tries had failed: the tenth is the last
    await sql.query('UPDATE mail_outbox SET attempts = 9, next_attempt_at = now() WHERE id = $1', [pending.id]);
    const failed = await finishedMailTo(sql, email);
    expect(failed).toMatchObject({ attempts: 10, subject: null, text_body: null, sent_at: null });
    expect(failed.failed_at).toBeInstanceOf(Date);
  });

  it('drops a mail unsent, content cleared, once the code it carries has expired', async () => {
    const email = 'late@example.com';
    const pending = await failedOnce(email);
    // still waiting out its backoff when the code expires
    await sql.query("UPDATE mail_outbox SET next_attempt_at = now() + interval '5 minutes', discard_after = now() WHERE id = $1", [
      pending.id,
    ]);
    const dropped = await finishedMailTo(sql, email);
    expect(dropped).toMatchObject({ subject: null, text_body: null, sent_at: null, last_error: expect.stringContaining('expired') });
    expect(dropped.failed_at).toBeInstanceOf(Date);
  });
});
