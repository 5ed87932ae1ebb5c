import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { waitForDeployment, waitForJob, type AppgenClient, type GenerationJob } from '@appgen/sdk';
import { dailyAnalytics, dataOf, type Schemas, type Session } from './api';
import { DailyChart } from './chart';
import { ConfirmButton, Link, Notice, Problem, Section, Show, Table, useAction, useLoad, when } from './ui';

type Client = { client: AppgenClient };
type AppProps = Client & { appId: string };
type AppPageProps = AppProps & { session: Session };

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

export function AppPage({ client, session, appId }: AppPageProps): JSX.Element {
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
          <Preview app={app} round={round} />
          <PromptBox client={client} appId={appId} onDone={changed} />
          <Files client={client} appId={appId} onSaved={changed} />
          <BuildErrors client={client} appId={appId} round={round} />
          <Versions client={client} appId={appId} round={round} onRolledBack={changed} />
          <Deploy client={client} appId={appId} />
          <Analytics client={client} session={session} appId={appId} />
          <AppUsers client={client} appId={appId} />
          <EnvVars client={client} appId={appId} />
          <Domains client={client} appId={appId} liveAddress={app.production_url} onAddressChanged={reload} />
        </>
      )}
    </Show>
  );
}

/**
 * The preview in a frame (the edge lets this site, and no other, frame a preview host; never a production address),
 * with links to open it and the live site on their own. Sandboxed: the app runs its scripts and forms as at its own
 * address, but cannot navigate the console away. Reloaded (a new key) whenever the app changed.
 * A private app shows its sign-in page in the frame, where the sign-in does not stick unless the preview hosts are
 * the same site as the console: the app's cookie (SameSite=Lax) is third-party there, and browsers refuse it. So
 * the frame says so beside it, with the link to sign in in a tab of its own.
 */
function Preview(props: { app: Schemas['AppDetail']; round: number }): JSX.Element {
  const { app } = props;
  const isPrivate = app.visibility === 'login_required';
  return (
    <Section title="Preview">
      {app.preview_url ? (
        <>
          {isPrivate && (
            <p id="private-preview" class="callout">
              This app is private, and your browser may not keep a sign-in made inside this frame:{' '}
              <a href={app.preview_url} target="_blank" rel="noopener">
                sign in to the preview in a new tab
              </a>
              .
            </p>
          )}
          <iframe
            key={props.round}
            class="preview"
            src={app.preview_url}
            title={`Preview of ${app.name}`}
            aria-describedby={isPrivate ? 'private-preview' : undefined}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerpolicy="no-referrer"
          />
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
                </a>{' '}
                <code>{app.production_url}</code>
              </>
            )}
          </p>
        </>
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
          <Table
            caption="Versions of the app"
            rows={list}
            rowKey={(version) => version.id}
            columns={[
              { heading: 'Version', cell: (version) => `${version.number}${version.live.preview ? ' (in preview)' : ''}` },
              { heading: 'Change', cell: (version) => version.summary },
              { heading: 'Build', cell: (version) => version.build_status },
              { heading: 'When', cell: (version) => when(version.created_at) },
              {
                heading: 'Action',
                hideHeading: true,
                // A version whose files did not build cannot be restored (the API refuses it): no button offers it.
                cell: (version) =>
                  !version.live.preview &&
                  version.build_status !== 'failed' && (
                    <button type="button" disabled={action.busy} onClick={() => void rollBack(version)}>
                      Roll back to version {version.number}
                    </button>
                  ),
              },
            ]}
          />
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

const PERIODS = { '7d': '7 days', '30d': '30 days', '90d': '90 days' } as const;
type Period = keyof typeof PERIODS;

/**
 * The period's totals (the public API's) and its days as a chart (the console's own route). The days are read first:
 * views keep arriving (the edge reports them in batches), and totals read after them never show fewer than a day.
 */
function Analytics(props: AppPageProps): JSX.Element {
  const [period, setPeriod] = useState<Period>('7d');
  const [analytics] = useLoad(async () => {
    const days = await dailyAnalytics(props.session, props.appId, period);
    const totals = await dataOf(props.client.GET('/managed_apps/{id}/analytics', { params: { path: { id: props.appId }, query: { period } } }));
    return { metrics: totals.metrics, days };
  }, [props.appId, period]);
  return (
    <Section title="Analytics">
      <label for="period">Period</label>
      <select id="period" value={period} onChange={(e) => setPeriod(e.currentTarget.value as Period)}>
        {(Object.keys(PERIODS) as Period[]).map((key) => (
          <option key={key} value={key}>
            Last {PERIODS[key]}
          </option>
        ))}
      </select>
      <Show loaded={analytics}>
        {({ metrics, days }) => (
          <>
            <dl class="totals" aria-label={`Totals over the last ${PERIODS[period]}`}>
              <div>
                <dt>Page views</dt>
                <dd>{metrics.page_views}</dd>
              </div>
              <div>
                <dt>Unique visitors</dt>
                <dd>{metrics.unique_visitors}</dd>
              </div>
              <div>
                <dt>Sessions</dt>
                <dd>{metrics.sessions}</dd>
              </div>
            </dl>
            <DailyChart period={PERIODS[period]} days={days} />
          </>
        )}
      </Show>
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

/** How often the domains are read again while one is still being checked (DNS, certificate). */
const DOMAIN_POLL_MS = 5000;

/** An app's custom domains. `liveAddress` is the app's production_url; `onAddressChanged` reads it again. */
function Domains(props: AppProps & { liveAddress: string | null; onAddressChanged: () => void }): JSX.Element {
  const [domains, reload] = useLoad(
    () => dataOf(props.client.GET('/managed_apps/{app_id}/custom_domains', { params: { path: { app_id: props.appId } } })),
    [props.appId],
  );
  const [domain, setDomain] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  // The live site is at the primary domain while it serves, else at the app's own address. Out of step with the
  // domains read (the primary went live or stopped in the background; domains-service moves the address just after),
  // the app's addresses are read again, each time the domains are.
  const serving = domains.state === 'ready' ? domains.value.custom_domains.find((d) => d.primary && d.operational) : undefined;
  const outOfStep =
    domains.state === 'ready' &&
    props.liveAddress !== null &&
    (serving ? serving.url !== props.liveAddress : domains.value.custom_domains.some((d) => d.url === props.liveAddress));
  // Live status: while a domain waits for its DNS record or certificate, or the live address for the domains, they
  // are read again now and then.
  const waiting =
    outOfStep ||
    (domains.state === 'ready' && domains.value.custom_domains.some((d) => d.verification_status === 'pending' || d.ssl_status === 'pending' || d.ssl_status === 'initializing'));
  useEffect(() => {
    if (outOfStep) props.onAddressChanged();
    if (!waiting) return;
    const timer = setTimeout(reload, DOMAIN_POLL_MS);
    return () => clearTimeout(timer);
  }, [domains]);
  // Any action may move the live site (making a domain primary, removing the primary): its address is read again.
  const act = (done: (d: Schemas['CustomDomain']) => string, call: (d: Schemas['CustomDomain']) => Promise<unknown>) => (d: Schemas['CustomDomain']) =>
    void action.run(async () => {
      await call(d);
      setNotice(done(d));
      reload();
      props.onAddressChanged();
    });
  const path = (d: Schemas['CustomDomain']) => ({ params: { path: { app_id: props.appId, id: d.id } } });
  const add = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const created = await dataOf(props.client.POST('/managed_apps/{app_id}/custom_domains', { params: { path: { app_id: props.appId } }, body: { domain: domain.trim() } }));
      setNotice(`Added ${created.custom_domain.domain}: create its DNS record below.`);
      setDomain('');
      reload();
    });
  };
  const check = act((d) => `Checked ${d.domain}.`, (d) => dataOf(props.client.POST('/managed_apps/{app_id}/custom_domains/{id}/check_status', path(d))));
  const refresh = act((d) => `Started a fresh check of ${d.domain}.`, (d) => dataOf(props.client.POST('/managed_apps/{app_id}/custom_domains/{id}/refresh', path(d))));
  const primary = act(
    (d) => (d.operational ? `${d.domain} is now the primary domain.` : `${d.domain} is now the primary domain: the live site moves to it once its DNS record is verified and its certificate issued.`),
    (d) => dataOf(props.client.POST('/managed_apps/{app_id}/custom_domains/{id}/set_primary', path(d))),
  );
  const remove = act((d) => `Removed ${d.domain}.`, (d) => dataOf(props.client.DELETE('/managed_apps/{app_id}/custom_domains/{id}', path(d))));
  return (
    <Section title="Custom domains">
      <Notice text={notice} />
      <Show loaded={domains}>
        {({ custom_domains: list }) =>
          list.length === 0 ? (
            <p>No custom domains.</p>
          ) : (
            <ul class="domains">
              {list.map((d) => (
                <li key={d.id} aria-label={d.domain}>
                  <h3>{d.domain}</h3>
                  <p>
                    DNS <span class={`status status-${d.verification_status}`}>{d.verification_status}</span> · certificate{' '}
                    <span class={`status status-${d.ssl_status}`}>{d.ssl_status}</span>
                    {d.operational ? ' · serving' : ''}
                    {d.primary ? ' · primary' : ''}
                  </p>
                  <Table
                    caption={`DNS record to create for ${d.domain}`}
                    rows={[d.dns_records]}
                    rowKey={(record) => record.type}
                    columns={[
                      { heading: 'Type', cell: (record) => record.type },
                      { heading: 'Name', cell: (record) => <code>{record.name}</code> },
                      { heading: 'Value', cell: (record) => <code>{record.value}</code> },
                      { heading: 'TTL', cell: (record) => record.ttl },
                    ]}
                  />
                  <p>
                    <button type="button" disabled={action.busy} onClick={() => check(d)}>
                      Check {d.domain} now
                    </button>
                    <button type="button" disabled={action.busy} onClick={() => refresh(d)}>
                      Start a fresh check of {d.domain}
                    </button>
                    {!d.primary && (
                      <button type="button" disabled={action.busy} onClick={() => primary(d)}>
                        Make {d.domain} primary
                      </button>
                    )}
                    <ConfirmButton label={`Remove ${d.domain}`} question={`Remove ${d.domain} from this app?`} confirm={`Yes, remove ${d.domain}`} busy={action.busy} onConfirm={() => remove(d)} />
                  </p>
                </li>
              ))}
            </ul>
          )
        }
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
