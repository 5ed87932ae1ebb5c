import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { waitForDeployment, waitForJob, type AppgenClient, type GenerationJob } from '@appgen/sdk';
import { dataOf, type Schemas } from './api';
import { AnalyticsChart } from './chart';
import { Link, Notice, Problem, Section, Show, useAction, useLoad, when } from './ui';

type Client = { client: AppgenClient };
type AppProps = Client & { appId: string };

export function AppsList({ client }: Client): JSX.Element {
  const [apps] = useLoad(() => dataOf(client.GET('/managed_apps', { params: { query: { per_page: 100 } } })));
  return (
    <>
      <h1>Your apps</h1>
      <Show loaded={apps}>
        {({ apps: list }) =>
          list.length === 0 ? (
            <p>No apps yet. Generate one with the API, the CLI or an agent; it appears here.</p>
          ) : (
            <ul class="cards">
              {list.map((app) => (
                <li key={app.id}>
                  <h2>
                    <Link href={`/account/apps/${app.id}`}>{app.name}</Link>
                  </h2>
                  <p>
                    <span class={`status status-${app.status}`}>{app.status}</span> · updated {when(app.updated_at)}
                  </p>
                  <p class="addresses">
                    {app.preview_url && <a href={app.preview_url}>Preview</a>} {app.production_url && <a href={app.production_url}>Live site</a>}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </Show>
    </>
  );
}

export function AppPage({ client, appId }: AppProps): JSX.Element {
  const [detail, reload] = useLoad(() => dataOf(client.GET('/managed_apps/{id}', { params: { path: { id: appId } } })), [appId]);
  const [round, setRound] = useState(0);
  const changed = () => {
    reload();
    setRound((n) => n + 1);
  };
  return (
    <Show loaded={detail}>
      {({ app }) => (
        <>
          <p>
            <Link href="/account">All apps</Link>
          </p>
          <h1>{app.name}</h1>
          <p>
            <span class={`status status-${app.status}`}>{app.status}</span> · {app.files_count} files · {app.versions_count} versions · {app.users_count} users
          </p>
          <Preview app={app} />
          <PromptBox client={client} appId={appId} onDone={changed} />
          <Files client={client} appId={appId} onSaved={changed} />
          <BuildErrors client={client} appId={appId} round={round} />
          <Versions client={client} appId={appId} round={round} onRolledBack={changed} />
          <Deploy client={client} appId={appId} />
          <Analytics client={client} appId={appId} />
          <AppUsers client={client} appId={appId} />
          <EnvVars client={client} appId={appId} />
          <Domains client={client} appId={appId} />
        </>
      )}
    </Show>
  );
}

/**
 * The preview as a link rather than a frame: the edge answers every app page with `X-Frame-Options: DENY` and
 * `frame-ancestors 'none'` (no site may frame an app, clickjacking of the app's own signed-in users), and a preview
 * signs its users in with its own cookies, which a frame on the site's origin would make third-party.
 */
function Preview(props: { app: Schemas['AppDetail'] }): JSX.Element {
  const { app } = props;
  return (
    <Section title="Preview">
      {app.preview_url ? (
        <p class="addresses">
          <a href={app.preview_url} target="_blank" rel="noopener">
            Open the preview
          </a>{' '}
          <code>{app.preview_url}</code>
          {app.production_url && (
            <>
              {' '}
              <a href={app.production_url} target="_blank" rel="noopener">
                Open the live site
              </a>
            </>
          )}
        </p>
      ) : (
        <p>This app has no preview yet.</p>
      )}
    </Section>
  );
}

function PromptBox(props: AppProps & { onDone: () => void }): JSX.Element {
  const [prompt, setPrompt] = useState('');
  const [job, setJob] = useState<GenerationJob | null>(null);
  const [steps, setSteps] = useState<string[]>([]);
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      setSteps([]);
      const queued = await dataOf(props.client.POST('/generation_queue', { body: { prompt: prompt.trim(), app_id: props.appId } }));
      const seen: string[] = [];
      const final = await waitForJob(props.client, queued.job_id, {
        intervalMs: 700,
        maxIntervalMs: 2000,
        onProgress: (state) => {
          setJob(state);
          if (state.message && seen[seen.length - 1] !== state.message) {
            seen.push(state.message);
            setSteps([...seen]);
          }
        },
      });
      setJob(final);
      if (final.status !== 'completed') throw new Error(final.error ?? `The change ${final.status}.`);
      setPrompt('');
      props.onDone();
    });
  };
  return (
    <Section title="Change this app">
      <form onSubmit={submit}>
        <label for="prompt">What should change?</label>
        <textarea id="prompt" rows={3} required value={prompt} onInput={(e) => setPrompt(e.currentTarget.value)} />
        <button type="submit" disabled={action.busy}>
          Change the app
        </button>
      </form>
      {job && (
        <div class="progress-box">
          <label for="job-progress">Progress: {job.status}</label>
          <progress id="job-progress" max={100} value={job.progress}>
            {job.progress}%
          </progress>
          <Notice text={`${job.progress}% · ${job.message}`} />
          {steps.length > 0 && (
            <ol class="steps" aria-label="Checkpoints">
              {steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          )}
        </div>
      )}
      <Problem text={action.problem} />
    </Section>
  );
}

type WriteResult = { build?: { status?: string; errors?: Schemas['BuildError'][] } };

function Files(props: AppProps & { onSaved: () => void }): JSX.Element {
  const [files, reload] = useLoad(() => dataOf(props.client.GET('/managed_apps/{id}/files', { params: { path: { id: props.appId } } })), [props.appId]);
  const [open, setOpen] = useState<Schemas['SourceFile'] | null>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<WriteResult['build'] | null>(null);
  const action = useAction();
  const choose = (file: Schemas['SourceFile']) => {
    setOpen(file);
    setText(file.content);
    setResult(null);
  };
  const save = (event: Event) => {
    event.preventDefault();
    if (!open) return;
    void action.run(async () => {
      const answer = await dataOf(props.client.POST('/mcp/execute_tool', { body: { tool: 'svc-write-file', app_id: props.appId, params: { path: open.path, content: text } } }));
      setResult(('result' in answer ? (answer.result as WriteResult) : {}).build ?? { status: 'saved' });
      reload();
      props.onSaved();
    });
  };
  return (
    <Section title="Files">
      <Show loaded={files}>
        {({ files: list }) => (
          <div class="files">
            <ul class="tree" aria-label="Files of the app">
              {[...list]
                .sort((a, b) => a.path.localeCompare(b.path))
                .map((file) => (
                  <li key={file.path} style={{ paddingLeft: `${(file.path.split('/').length - 1) * 0.75}rem` }}>
                    <button type="button" class="link" aria-current={open?.path === file.path ? 'true' : undefined} onClick={() => choose(file)}>
                      {file.path}
                    </button>
                  </li>
                ))}
            </ul>
            {open && (
              <form onSubmit={save} class="editor">
                <label for="file-text">Contents of {open.path}</label>
                <textarea id="file-text" spellcheck={false} rows={18} value={text} onInput={(e) => setText(e.currentTarget.value)} />
                <button type="submit" disabled={action.busy}>
                  Save file
                </button>
                {result && (
                  <div role="status">
                    <p>Build: {result.status ?? 'unknown'}</p>
                    {result.errors && result.errors.length > 0 && <ErrorList errors={result.errors} />}
                  </div>
                )}
                <Problem text={action.problem} />
              </form>
            )}
          </div>
        )}
      </Show>
    </Section>
  );
}

function ErrorList(props: { errors: Schemas['BuildError'][] }): JSX.Element {
  return (
    <ul class="errors">
      {props.errors.map((error, i) => (
        <li key={i}>
          <p>
            <strong>{error.file}</strong>: {error.message}
          </p>
          <p>Suggested action: {error.suggested_action}</p>
        </li>
      ))}
    </ul>
  );
}

function BuildErrors(props: AppProps & { round: number }): JSX.Element {
  const [errors] = useLoad(() => dataOf(props.client.GET('/managed_apps/{id}/errors', { params: { path: { id: props.appId } } })), [props.appId, props.round]);
  return (
    <Section title="Build errors">
      <Show loaded={errors}>{({ errors: list }) => (list.length === 0 ? <p>The last build has no errors.</p> : <ErrorList errors={list} />)}</Show>
    </Section>
  );
}

function Versions(props: AppProps & { round: number; onRolledBack: () => void }): JSX.Element {
  const [versions, reload] = useLoad(
    () => dataOf(props.client.GET('/managed_apps/{id}/versions', { params: { path: { id: props.appId }, query: { per_page: 20 } } })),
    [props.appId, props.round],
  );
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();
  const rollBack = (version: Schemas['AppVersion']) =>
    action.run(async () => {
      const answer = await dataOf(props.client.POST('/managed_apps/{id}/rollback', { params: { path: { id: props.appId } }, body: { version_id: version.id } }));
      setDone(answer.message);
      reload();
      props.onRolledBack();
    });
  return (
    <Section title="Versions">
      <Show loaded={versions}>
        {({ versions: list }) => (
          <div class="table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Change</th>
                  <th scope="col">Build</th>
                  <th scope="col">When</th>
                  <th scope="col">
                    <span class="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((version) => (
                  <tr key={version.id}>
                    <td>
                      {version.number}
                      {version.live.preview ? ' (in preview)' : ''}
                    </td>
                    <td>{version.summary}</td>
                    <td>{version.build_status}</td>
                    <td>{when(version.created_at)}</td>
                    <td>
                      {/* A version whose files did not build cannot be restored (the API refuses it): no button offers it. */}
                      {!version.live.preview && version.build_status !== 'failed' && (
                        <button type="button" disabled={action.busy} onClick={() => void rollBack(version)}>
                          Roll back to version {version.number}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Show>
      <Notice text={done} />
      <Problem text={action.problem} />
    </Section>
  );
}

function Deploy(props: AppProps): JSX.Element {
  const [status, setStatus] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const action = useAction();
  const deploy = () =>
    action.run(async () => {
      setUrl(null);
      const queued = await dataOf(props.client.POST('/managed_apps/{id}/deploy', { params: { path: { id: props.appId } } }));
      setStatus(`Deployment ${queued.deployment_id}: ${queued.status}`);
      const final = await waitForDeployment(props.client, props.appId, queued.deployment_id, {
        intervalMs: 700,
        onProgress: (state) => setStatus(`Deployment ${queued.deployment_id}: ${state.deployment?.status ?? 'queued'}`),
      });
      setStatus(`Deployment ${queued.deployment_id}: ${final.deployment?.status ?? 'unknown'}`);
      setUrl(final.urls.production);
    });
  return (
    <Section title="Deploy">
      <button type="button" disabled={action.busy} onClick={() => void deploy()}>
        Deploy to production
      </button>
      <Notice text={status} />
      {url && (
        <p>
          Live at <a href={url}>{url}</a>
        </p>
      )}
      <Problem text={action.problem} />
    </Section>
  );
}

function Analytics(props: AppProps): JSX.Element {
  const [period, setPeriod] = useState<'7d' | '30d' | '90d'>('7d');
  const [analytics] = useLoad(
    () => dataOf(props.client.GET('/managed_apps/{id}/analytics', { params: { path: { id: props.appId }, query: { period } } })),
    [props.appId, period],
  );
  return (
    <Section title="Analytics">
      <label for="period">Period</label>
      <select id="period" value={period} onChange={(e) => setPeriod(e.currentTarget.value as typeof period)}>
        <option value="7d">Last 7 days</option>
        <option value="30d">Last 30 days</option>
        <option value="90d">Last 90 days</option>
      </select>
      <Show loaded={analytics}>{({ metrics }) => <AnalyticsChart period={period} metrics={metrics} />}</Show>
    </Section>
  );
}

function AppUsers(props: AppProps): JSX.Element {
  const [users, reload] = useLoad(() => dataOf(props.client.GET('/managed_users', { params: { query: { app_id: props.appId, per_page: 100 } } })), [props.appId]);
  const [email, setEmail] = useState('');
  const [tier, setTier] = useState<Schemas['GrantAccessRequest']['tier']>('basic');
  const action = useAction();
  const grant = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await dataOf(props.client.POST('/managed_users/grant_access', { body: { app_id: props.appId, email: email.trim(), tier } }));
      setEmail('');
      reload();
    });
  };
  const revoke = (id: number) =>
    action.run(async () => {
      await dataOf(props.client.POST('/managed_users/{id}/revoke', { params: { path: { id } } }));
      reload();
    });
  return (
    <Section title="App users">
      <Show loaded={users}>
        {({ app_users: list }) =>
          list.length === 0 ? (
            <p>Nobody has signed in to this app yet.</p>
          ) : (
            <ul>
              {list.map((user) => (
                <li key={user.id}>
                  {user.email} · {user.access_tier} {user.revoked ? '· revoked' : ''}{' '}
                  {!user.revoked && (
                    <button type="button" disabled={action.busy} onClick={() => void revoke(user.id)}>
                      Revoke {user.email}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Show>
      <form onSubmit={grant} class="inline">
        <label for="grant-email">E-mail</label>
        <input id="grant-email" type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        <label for="grant-tier">Tier</label>
        <select id="grant-tier" value={tier} onChange={(e) => setTier(e.currentTarget.value as typeof tier)}>
          {(['free', 'basic', 'pro', 'premium', 'enterprise'] as const).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button type="submit" disabled={action.busy}>
          Grant access
        </button>
      </form>
      <Problem text={action.problem} />
    </Section>
  );
}

function EnvVars(props: AppProps): JSX.Element {
  const [vars, reload] = useLoad(() => dataOf(props.client.GET('/managed_apps/{id}/env_vars', { params: { path: { id: props.appId } } })), [props.appId]);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const action = useAction();
  const put = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await dataOf(props.client.PUT('/managed_apps/{id}/env_vars', { params: { path: { id: props.appId } }, body: { env_vars: { [key.trim()]: value } } }));
      setKey('');
      setValue('');
      reload();
    });
  };
  const remove = (name: string) =>
    action.run(async () => {
      await dataOf(props.client.DELETE('/managed_apps/{id}/env_vars/{key}', { params: { path: { id: props.appId, key: name } } }));
      reload();
    });
  return (
    <Section title="Environment variables">
      <Show loaded={vars}>
        {({ env_vars: list }) =>
          list.length === 0 ? (
            <p>No variables.</p>
          ) : (
            <dl class="vars">
              {list.map((v) => (
                <div key={v.key}>
                  <dt>{v.key}</dt>
                  <dd>
                    <code>{v.masked_value}</code>{' '}
                    <button type="button" disabled={action.busy} onClick={() => void remove(v.key)}>
                      Delete {v.key}
                    </button>
                  </dd>
                </div>
              ))}
            </dl>
          )
        }
      </Show>
      <form onSubmit={put} class="inline">
        <label for="var-key">Name</label>
        <input id="var-key" required pattern="[A-Za-z_][A-Za-z0-9_]*" value={key} onInput={(e) => setKey(e.currentTarget.value)} />
        <label for="var-value">Value</label>
        <input id="var-value" type="password" autocomplete="off" value={value} onInput={(e) => setValue(e.currentTarget.value)} />
        <button type="submit" disabled={action.busy}>
          Set variable
        </button>
      </form>
      <Problem text={action.problem} />
    </Section>
  );
}

function Domains(props: AppProps): JSX.Element {
  const [domains, reload] = useLoad(
    () => dataOf(props.client.GET('/managed_apps/{app_id}/custom_domains', { params: { path: { app_id: props.appId } } })),
    [props.appId],
  );
  const [domain, setDomain] = useState('');
  const action = useAction();
  const add = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await dataOf(props.client.POST('/managed_apps/{app_id}/custom_domains', { params: { path: { app_id: props.appId } }, body: { domain: domain.trim() } }));
      setDomain('');
      reload();
    });
  };
  const check = (id: number) =>
    action.run(async () => {
      await dataOf(props.client.POST('/managed_apps/{app_id}/custom_domains/{id}/check_status', { params: { path: { app_id: props.appId, id } } }));
      reload();
    });
  return (
    <Section title="Custom domains">
      <Show loaded={domains}>
        {({ custom_domains: list }) => (
          <ul>
            {list.map((d) => (
              <li key={d.id}>
                <p>
                  <strong>{d.domain}</strong> · DNS {d.verification_status} · certificate {d.ssl_status}
                  {d.primary ? ' · primary' : ''}
                </p>
                <p>
                  Create this record: <code>{`${d.dns_records.type} ${d.dns_records.name} → ${d.dns_records.value} (TTL ${d.dns_records.ttl})`}</code>
                </p>
                <button type="button" disabled={action.busy} onClick={() => void check(d.id)}>
                  Check {d.domain} now
                </button>
              </li>
            ))}
          </ul>
        )}
      </Show>
      <form onSubmit={add} class="inline">
        <label for="domain">Domain</label>
        <input id="domain" required placeholder="app.example.com" value={domain} onInput={(e) => setDomain(e.currentTarget.value)} />
        <button type="submit" disabled={action.busy}>
          Add domain
        </button>
      </form>
      <Problem text={action.problem} />
    </Section>
  );
}
