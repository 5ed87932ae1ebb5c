import { AppsSubjects, type EnvVarView } from '@appgen/contracts';
import { openSecret } from '@appgen/service-kit';
import { rpcFailure } from '@appgen/testing';
import { PLAN, rpc, db, alice, bob, newApp, secretsKey, useAppsServiceUnderTest } from '../apps-service-under-test.testing';

const STRIPE = 'sk_live_51Hq8sEcReTvAlUe9876';
const GREETING = 'Hello from the bundle';

describe('apps-service: environment variables over NATS', () => {
  useAppsServiceUnderTest();

  /** An app with a generated version, so that it has a manifest to rewrite and a version to rebuild. */
  async function generatedApp(): Promise<{ id: string; versionId: number }> {
    const id = await newApp(alice);
    const files = [
      { path: 'index.html', content: '<div id="app"></div>' },
      { path: 'AGENTS.md', content: '# Recipe box' },
    ];
    const { version } = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files, plan: PLAN, source: 'generation' });
    return { id, versionId: version.id };
  }

  async function agentsMd(id: string): Promise<string> {
    return (await rpc.request(AppsSubjects.readFile, { caller: alice, id, path: 'AGENTS.md' })).file.content;
  }

  it('stores values sealed, answers them masked and sorted, and lists the names (never the values) in AGENTS.md at once', async () => {
    const { id, versionId } = await generatedApp();
    expect(await rpc.request(AppsSubjects.listEnvVars, { caller: alice, id })).toEqual({ env_vars: [] });

    const put = await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { STRIPE_SECRET_KEY: STRIPE, PUBLIC_GREETING: GREETING, SHORT: 'abc' } });
    expect(put).toEqual({
      env_vars: [
        { key: 'PUBLIC_GREETING', masked_value: '••••••••ndle', updated_at: expect.any(String) },
        { key: 'SHORT', masked_value: '••••••••', updated_at: expect.any(String) },
        { key: 'STRIPE_SECRET_KEY', masked_value: '••••••••9876', updated_at: expect.any(String) },
      ],
      public_changed: true,
      newest_version_id: versionId,
    });
    expect(await rpc.request(AppsSubjects.listEnvVars, { caller: alice, id })).toEqual({ env_vars: put.env_vars });

    // At rest: the table holds neither the value nor anything but the sealed form, which only SECRETS_KEY opens.
    const { rows } = await db.query<{ key: string; value_encrypted: string }>('SELECT key, value_encrypted FROM apps.app_env_vars WHERE app_id = $1 ORDER BY key', [id]);
    expect(rows.map((row) => row.key)).toEqual(['PUBLIC_GREETING', 'SHORT', 'STRIPE_SECRET_KEY']);
    const stored = JSON.stringify(rows);
    for (const value of [STRIPE, GREETING, 'sk_live', Buffer.from(STRIPE).toString('base64').slice(0, 12)]) expect(stored).not.toContain(value);
    expect(rows[2]?.value_encrypted).toMatch(/^v1\./);
    expect(openSecret(Buffer.from(secretsKey, 'base64'), rows[2]?.value_encrypted ?? '')).toBe(STRIPE);

    const manifest = await agentsMd(id);
    expect(manifest).toContain('- `PUBLIC_GREETING`: public, in the browser bundle\n- `SHORT`: secret, never sent to a browser\n- `STRIPE_SECRET_KEY`: secret, never sent to a browser');
    for (const value of [STRIPE, GREETING, 'abc`']) expect(manifest).not.toContain(value);

    // The builder reads the public values in the clear, and only those.
    expect(await rpc.request(AppsSubjects.publicEnvValues, { app_id: id })).toEqual({ values: { PUBLIC_GREETING: GREETING } });
  });

  it('says whether a public value changed, and leaves a value sent again unchanged as it was', async () => {
    const { id } = await generatedApp();
    const first = await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { PUBLIC_THEME: 'dark', API_TOKEN: 'secret-1' } });
    expect(first.public_changed).toBe(true);

    const secretOnly = await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { PUBLIC_THEME: 'dark', API_TOKEN: 'secret-2' } });
    expect(secretOnly.public_changed).toBe(false);
    const theme = (list: EnvVarView[]): EnvVarView | undefined => list.find((entry) => entry.key === 'PUBLIC_THEME');
    expect(theme(secretOnly.env_vars)?.updated_at).toBe(theme(first.env_vars)?.updated_at);

    const again = await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { PUBLIC_THEME: 'dark' } });
    expect(again.public_changed).toBe(false);
    expect(again.env_vars).toEqual(secretOnly.env_vars);

    const changed = await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { PUBLIC_THEME: 'light' } });
    expect(changed.public_changed).toBe(true);
    expect(await rpc.request(AppsSubjects.publicEnvValues, { app_id: id })).toEqual({ values: { PUBLIC_THEME: 'light' } });
  });

  it('deletes one variable (404 when there is none), rewriting the manifest', async () => {
    const { id, versionId } = await generatedApp();
    await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { PUBLIC_GREETING: GREETING, MAILER_TOKEN: 'token' } });

    expect(await rpc.request(AppsSubjects.deleteEnvVar, { caller: alice, id, key: 'PUBLIC_GREETING' })).toEqual({
      success: true,
      message: 'Environment variable PUBLIC_GREETING deleted.',
      public_changed: true,
      newest_version_id: versionId,
    });
    expect((await rpc.request(AppsSubjects.deleteEnvVar, { caller: alice, id, key: 'MAILER_TOKEN' })).public_changed).toBe(false);
    expect(await rpcFailure(rpc.request(AppsSubjects.deleteEnvVar, { caller: alice, id, key: 'MAILER_TOKEN' }))).toEqual({
      status: 404,
      body: { error: 'not_found', message: `App ${id} has no environment variable MAILER_TOKEN` },
    });
    expect(await rpc.request(AppsSubjects.listEnvVars, { caller: alice, id })).toEqual({ env_vars: [] });
    expect(await rpc.request(AppsSubjects.publicEnvValues, { app_id: id })).toEqual({ values: {} });
    expect(await agentsMd(id)).not.toContain('## Environment variables');
  });

  it('answers an app of another account, or none, with 404, and never touches it', async () => {
    const { id } = await generatedApp();
    await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { TOKEN: 'alice-only' } });
    const notFound = { status: 404, body: { error: 'not_found', message: `App ${id} was not found` } };
    expect(await rpcFailure(rpc.request(AppsSubjects.listEnvVars, { caller: bob, id }))).toEqual(notFound);
    expect(await rpcFailure(rpc.request(AppsSubjects.putEnvVars, { caller: bob, id, env_vars: { TOKEN: 'bob' } }))).toEqual(notFound);
    expect(await rpcFailure(rpc.request(AppsSubjects.deleteEnvVar, { caller: bob, id, key: 'TOKEN' }))).toEqual(notFound);
    expect(await rpcFailure(rpc.request(AppsSubjects.publicEnvValues, { app_id: 'zzzzzzzzzzzz' }))).toMatchObject({ status: 404 });
    expect((await rpc.request(AppsSubjects.listEnvVars, { caller: alice, id })).env_vars).toHaveLength(1);
  });

  it('refuses wrong keys and values with 422 naming each, storing nothing of that request', async () => {
    const id = await newApp(alice);
    const refused = await rpcFailure(
      rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { GOOD: 'x', 'my-key': 'x', APPGEN_HOST: 'x', HUGE: '€'.repeat(3000) } }),
    );
    expect(refused).toMatchObject({
      status: 422,
      body: {
        error: 'validation_failed',
        errors: [
          { field: 'env_vars.APPGEN_HOST', message: 'must not start with APPGEN_, which appgen keeps for variables of its own' },
          { field: 'env_vars.HUGE', message: 'must be at most 8 KB of UTF-8' },
          { field: 'env_vars.my-key', message: 'must be upper-case letters, digits and underscores, not starting with a digit (like STRIPE_SECRET_KEY)' },
        ],
      },
    });
    expect(await rpcFailure(rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: {} }))).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'env_vars', message: 'must set at least one variable' }] },
    });
    expect((await rpc.request(AppsSubjects.listEnvVars, { caller: alice, id })).env_vars).toEqual([]);
    // An app never generated has no version to rebuild.
    expect((await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { PUBLIC_X: 'x' } })).newest_version_id).toBeNull();
  });

  it('holds an app to 100 variables, counting only the keys a change adds', async () => {
    const id = await newApp(alice);
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`KEY_${String(index).padStart(3, '0')}`, `value ${index}`]));
    expect((await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: hundred })).env_vars).toHaveLength(100);
    // replacing existing values adds nothing
    await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { KEY_000: 'new', KEY_099: 'new' } });
    expect(await rpcFailure(rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { KEY_000: 'newer', ONE_MORE: 'x' } }))).toEqual({
      status: 422,
      body: {
        error: 'validation_failed',
        message: 'env_vars would give the app 101 variables (it has 100, this adds 1); an app has at most 100',
        errors: [{ field: 'env_vars', message: 'would give the app 101 variables (it has 100, this adds 1); an app has at most 100' }],
      },
    });
    // all or nothing: KEY_000 kept the value before the refused request
    const { rows } = await db.query<{ value_encrypted: string }>("SELECT value_encrypted FROM apps.app_env_vars WHERE app_id = $1 AND key = 'KEY_000'", [id]);
    expect(openSecret(Buffer.from(secretsKey, 'base64'), rows[0]?.value_encrypted ?? '')).toBe('new');
  });

  it('goes with its app', async () => {
    const id = await newApp(alice);
    await rpc.request(AppsSubjects.putEnvVars, { caller: alice, id, env_vars: { TOKEN: 'x' } });
    await rpc.request(AppsSubjects.delete, { caller: alice, id });
    expect((await db.query('SELECT 1 FROM apps.app_env_vars WHERE app_id = $1', [id])).rowCount).toBe(0);
  });
});
