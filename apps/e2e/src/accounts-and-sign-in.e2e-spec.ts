import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { api, closeBus, e2eEnv, latestMailTo, platformControl, uniqueEmail } from './support';

const run = promisify(execFile);

function codeIn(subject: string): string {
  const code = /\b(\d{6})\b/.exec(subject)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${subject}"`);
  return code;
}

async function onDatabase<T>(work: (database: Client) => Promise<T>): Promise<T> {
  const database = new Client({ connectionString: e2eEnv().databaseUrl });
  await database.connect();
  try {
    return await work(database);
  } finally {
    await database.end();
  }
}

/**
 * The newest mail to `email` as the database keeps it once sent: what a reader of the database or of a
 * backup would see. The .eml appears just before the row is marked sent, so this waits for the mark.
 */
async function sentMailOnRecord(email: string): Promise<{ subject: string | null; text_body: string | null } | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await onDatabase((database) =>
      database.query<{ subject: string | null; text_body: string | null }>(
        'SELECT subject, text_body FROM users.mail_outbox WHERE recipient = $1 AND sent_at IS NOT NULL ORDER BY id DESC LIMIT 1',
        [email],
      ),
    );
    if (rows[0] || Date.now() > deadline) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('accounts and sign-in', () => {
  afterAll(closeBus);

  it('signs a new user up, mails a code, and trades it for a bearer token that works', async () => {
    const email = uniqueEmail('signup');
    const since = new Date(Date.now() - 1000);
    const created = await api().post('/api/v1/accounts').send({ email, name: 'Ada' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      account: { id: expect.any(Number), email, name: 'Ada', plan: 'free', credits: 50, created_at: expect.any(String) },
      message: expect.any(String),
    });
    expect(JSON.stringify(created.body)).not.toMatch(/svc_/);

    const mail = await latestMailTo(email, { since });
    const code = codeIn(mail.subject);
    expect(mail.text).toContain(code);
    // At rest the code is nowhere: the sent mail's content is cleared, and the code's hash is keyed, so it is
    // not the digest anyone could match by trying the million codes.
    expect(await sentMailOnRecord(email)).toEqual({ subject: null, text_body: null });
    const stored = await onDatabase((database) =>
      database.query<{ code_hash: string }>('SELECT code_hash FROM users.sign_in_codes WHERE account_id = $1', [created.body.account.id]),
    );
    expect(stored.rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.code_hash).not.toBe(createHash('sha256').update(`${created.body.account.id}:${code}`).digest('hex'));

    const signedIn = await api().post('/api/v1/auth/magic_code').send({ email, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, account: { email } });
    expect(signedIn.body.access_token).toMatch(/^at_/);

    const bearer = `Bearer ${signedIn.body.access_token}`;
    const apps = await api(1).get('/api/v1/managed_apps').set('Authorization', bearer);
    expect(apps.status).toBe(200);

    const reused = await api().post('/api/v1/auth/magic_code').send({ email, code });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('unauthorized');
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const email = uniqueEmail('taken');
    expect((await api().post('/api/v1/accounts').send({ email })).status).toBe(201);
    const again = await api().post('/api/v1/accounts').send({ email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'conflict', message: expect.any(String) });
  });

  it('answers a code request the same whether or not the account exists', async () => {
    const known = uniqueEmail('known');
    const unknown = uniqueEmail('nobody');
    await api().post('/api/v1/accounts').send({ email: known });
    const forKnown = await api().post('/api/v1/auth/magic_code').send({ email: known });
    const forUnknown = await api().post('/api/v1/auth/magic_code').send({ email: unknown });
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(Object.keys(forUnknown.body)).toEqual(['message']);
    expect(forUnknown.body.message.replace(unknown, 'EMAIL')).toBe(forKnown.body.message.replace(known, 'EMAIL'));
  });

  it('burns a code after five wrong tries', async () => {
    const email = uniqueEmail('guess');
    const since = new Date(Date.now() - 1000);
    await api().post('/api/v1/accounts').send({ email });
    const code = codeIn((await latestMailTo(email, { since })).subject);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await api().post('/api/v1/auth/magic_code').send({ email, code: wrong })).status).toBe(401);
    }
    expect((await api().post('/api/v1/auth/magic_code').send({ email, code })).status).toBe(401);
  });

  it('keeps a code usable when billing is away at sign-in, and signs in with it once billing is back', async () => {
    const email = uniqueEmail('billing-away');
    const since = new Date(Date.now() - 1000);
    await api().post('/api/v1/accounts').send({ email });
    const code = codeIn((await latestMailTo(email, { since })).subject);
    const control = platformControl();
    await control.kill('billing-service');
    try {
      const refused = await api().post('/api/v1/auth/magic_code').send({ email, code });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ error: 'service_unavailable', message: expect.stringContaining('billing-service') });
    } finally {
      await control.start('billing-service');
    }
    let signedIn = await api().post('/api/v1/auth/magic_code').send({ email, code });
    for (let tries = 0; signedIn.status === 503 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      signedIn = await api().post('/api/v1/auth/magic_code').send({ email, code });
    }
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.account).toMatchObject({ email, credits: 50 });
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: 'a@example.com', code: '12ab56' }, 'code'],
    [{ email: 'a@example.com', password: 'hunter2' }, 'password'],
  ])('refuses a bad sign-in body %j with 422 naming %s', async (body, field) => {
    const response = await api().post('/api/v1/auth/magic_code').send(body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('lets an operator bootstrap an account with `npm run admin -- create-account`', async () => {
    const email = uniqueEmail('operator');
    const { stdout } = await run(
      process.execPath,
      [join(__dirname, '../../../dist/apps/cli/src/admin.js'), 'create-account', email, '--plan', 'pro'],
      { env: { ...process.env, NATS_URL: e2eEnv().natsUrl } },
    );
    const key = /svc_[A-Za-z0-9]{40}/.exec(stdout)?.[0];
    expect(key).toBeDefined();
    expect(stdout).toContain('pro');
    const keys = await api().get('/api/v1/api_keys').set('X-API-Key', key ?? '');
    expect(keys.status).toBe(200);
    expect(keys.body.api_keys).toEqual([expect.objectContaining({ scope: 'full_access', active: true })]);
    const limit = await api().get('/api/v1/managed_apps').set('X-API-Key', key ?? '');
    expect(limit.headers['x-ratelimit-limit']).toBe('300');

    const duplicate = await run(
      process.execPath,
      [join(__dirname, '../../../dist/apps/cli/src/admin.js'), 'create-account', email],
      { env: { ...process.env, NATS_URL: e2eEnv().natsUrl } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(duplicate).toMatchObject({ code: 1 });
  });
});
