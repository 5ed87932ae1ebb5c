import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { EVENT_KINDS, type AppgenClient, type EventKind } from '@appgen/sdk';
import { dataOf, type Schemas } from './api';
import { ConfirmButton, Notice, Problem, Section, Show, Table, useAction, useLoad, when } from './ui';

type Client = { client: AppgenClient };

export function AccountPage(props: Client & { part: string }): JSX.Element {
  if (props.part === 'keys') return <ApiKeys client={props.client} />;
  if (props.part === 'webhooks') return <Webhooks client={props.client} />;
  return <Billing client={props.client} />;
}

function ApiKeys({ client }: Client): JSX.Element {
  const [keys, reload] = useLoad(() => dataOf(client.GET('/api_keys', { params: { query: { per_page: 100 } } })));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<NonNullable<Schemas['CreateApiKeyRequest']['scope']>>('read_only');
  const [created, setCreated] = useState<Schemas['CreateApiKeyResponse'] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  const create = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      setCreated(await dataOf(client.POST('/api_keys', { body: { name: name.trim() || undefined, scope } })));
      setName('');
      reload();
    });
  };
  const revoke = (key: Schemas['ApiKey']) =>
    action.run(async () => {
      await dataOf(client.DELETE('/api_keys/{id}', { params: { path: { id: key.id } } }));
      setNotice(`Revoked ${key.name}.`);
      reload();
    });
  return (
    <>
      <h1>API keys</h1>
      <Section title="Create a key">
        <form onSubmit={create} class="inline">
          <label for="key-name">Name</label>
          <input id="key-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <label for="key-scope">Scope</label>
          <select id="key-scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as typeof scope)}>
            <option value="read_only">read_only</option>
            <option value="read_write">read_write</option>
            <option value="full_access">full_access</option>
          </select>
          <button type="submit" disabled={action.busy}>
            Create key
          </button>
        </form>
        {created && (
          <div class="once" role="status">
            <p>{created.warning}</p>
            <label for="raw-key">Your new key (shown once)</label>
            <input id="raw-key" readOnly value={created.raw_key} onFocus={(e) => e.currentTarget.select()} />
          </div>
        )}
      </Section>
      <Section title="Your keys">
        <Show loaded={keys}>
          {({ api_keys: list }) => (
            <ul>
              {list.map((key) => (
                <li key={key.id}>
                  <strong>{key.name}</strong> <code>{key.masked_key}</code> · {key.scope} · {key.active ? 'active' : 'revoked'} · last used {when(key.last_used_at)}{' '}
                  {key.active && (
                    <button type="button" disabled={action.busy} onClick={() => void revoke(key)}>
                      Revoke {key.name}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Show>
        <Notice text={notice} />
        <Problem text={action.problem} />
      </Section>
    </>
  );
}

/** What the form offers a new webhook: the outcomes of generations and deployments, apps made and deleted. */
const DEFAULT_EVENTS: EventKind[] = ['app.generation.completed', 'app.generation.failed', 'app.deployment.completed', 'app.created', 'app.deleted'];

interface WebhookFields {
  url: string;
  name: string;
  events: EventKind[];
  enabled: boolean;
}

/** The fields of a webhook, to add one or change one (what PATCH /webhooks/:id takes). `id` keeps the labels unique. */
function WebhookForm(props: { id: string; initial: WebhookFields; submit: string; editing: boolean; busy: boolean; onSubmit: (fields: WebhookFields) => void; onCancel?: () => void }): JSX.Element {
  const [fields, setFields] = useState(props.initial);
  const toggle = (event: EventKind, on: boolean) => setFields({ ...fields, events: on ? [...fields.events, event] : fields.events.filter((e) => e !== event) });
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSubmit({ ...fields, url: fields.url.trim(), name: fields.name.trim() });
  };
  return (
    <form onSubmit={submit} class="inline">
      <label for={`${props.id}-url`}>URL</label>
      <input id={`${props.id}-url`} type="url" required placeholder="https://example.com/hooks/appgen" value={fields.url} onInput={(e) => setFields({ ...fields, url: e.currentTarget.value })} />
      <label for={`${props.id}-name`}>Name</label>
      <input id={`${props.id}-name`} value={fields.name} onInput={(e) => setFields({ ...fields, name: e.currentTarget.value })} />
      <fieldset>
        <legend>Events</legend>
        <div class="checks">
          {EVENT_KINDS.map((event) => (
            <label key={event} class="check">
              <input type="checkbox" checked={fields.events.includes(event)} onChange={(e) => toggle(event, e.currentTarget.checked)} /> {event}
            </label>
          ))}
        </div>
      </fieldset>
      {props.editing && (
        <label class="check">
          <input type="checkbox" checked={fields.enabled} onChange={(e) => setFields({ ...fields, enabled: e.currentTarget.checked })} /> Enabled (sends events)
        </label>
      )}
      <button type="submit" disabled={props.busy || fields.events.length === 0}>
        {props.submit}
      </button>
      {props.onCancel && (
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

function Webhooks({ client }: Client): JSX.Element {
  const [hooks, reload] = useLoad(() => dataOf(client.GET('/webhooks', { params: { query: { per_page: 100 } } })));
  const [formRound, setFormRound] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  const create = (fields: WebhookFields) =>
    void action.run(async () => {
      const created = await dataOf(client.POST('/webhooks', { body: { url: fields.url, events: fields.events, ...(fields.name ? { name: fields.name } : {}) } }));
      setNotice(`Added ${created.webhook.name}.`);
      setFormRound((n) => n + 1);
      reload();
    });
  return (
    <>
      <h1>Webhooks</h1>
      <Section title="Add a webhook">
        <WebhookForm key={formRound} id="new-hook" initial={{ url: '', name: '', events: DEFAULT_EVENTS, enabled: true }} submit="Add webhook" editing={false} busy={action.busy} onSubmit={create} />
        <Problem text={action.problem} />
      </Section>
      <Section title="Your webhooks">
        <Notice text={notice} />
        <Show loaded={hooks}>
          {({ webhooks: list }) =>
            list.length === 0 ? (
              <p>No webhooks yet.</p>
            ) : (
              <ul class="hooks">
                {list.map((hook) => (
                  <WebhookItem key={hook.id} client={client} hook={hook} onChanged={(text) => (setNotice(text), reload())} />
                ))}
              </ul>
            )
          }
        </Show>
      </Section>
    </>
  );
}

/** One webhook: what it is, change it, delete it, its deliveries. */
function WebhookItem(props: Client & { hook: Schemas['Webhook']; onChanged: (notice: string) => void }): JSX.Element {
  const { client, hook } = props;
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const action = useAction();
  const save = (fields: WebhookFields) =>
    void action.run(async () => {
      await dataOf(
        client.PATCH('/webhooks/{id}', { params: { path: { id: hook.id } }, body: { url: fields.url, events: fields.events, enabled: fields.enabled, ...(fields.name ? { name: fields.name } : {}) } }),
      );
      setEditing(false);
      props.onChanged(`Saved ${fields.name || hook.name}.`);
    });
  const remove = () =>
    void action.run(async () => {
      await dataOf(client.DELETE('/webhooks/{id}', { params: { path: { id: hook.id } } }));
      props.onChanged(`Deleted ${hook.name}.`);
    });
  const test = () =>
    void action.run(async () => {
      await dataOf(client.POST('/webhooks/{id}/test', { params: { path: { id: hook.id } } }));
      setOpen(true);
      setRound((n) => n + 1);
    });
  return (
    <li aria-label={hook.name}>
      <h3>{hook.name}</h3>
      <p>
        <code>{hook.url}</code> · {hook.enabled ? 'enabled' : 'disabled'}
      </p>
      <p class="muted">Events: {hook.events.join(', ')}</p>
      {editing ? (
        <WebhookForm
          id={`hook-${hook.id}`}
          initial={{ url: hook.url, name: hook.name, events: hook.events, enabled: hook.enabled }}
          submit={`Save ${hook.name}`}
          editing
          busy={action.busy}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p>
          <button type="button" onClick={() => setEditing(true)}>
            Edit {hook.name}
          </button>
          <button type="button" disabled={action.busy} onClick={test}>
            Send a test event to {hook.name}
          </button>
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            Deliveries of {hook.name}
          </button>
          <ConfirmButton label={`Delete ${hook.name}`} question={`Delete ${hook.name} for good?`} confirm={`Yes, delete ${hook.name}`} busy={action.busy} onConfirm={remove} />
        </p>
      )}
      <Problem text={action.problem} />
      {open && <Deliveries key={round} client={client} hookId={hook.id} />}
    </li>
  );
}

/** A webhook's recent deliveries, newest first, each redeliverable; refreshed while one is still pending. */
function Deliveries(props: Client & { hookId: number }): JSX.Element {
  const [deliveries, reload] = useLoad(() => dataOf(props.client.GET('/webhooks/{id}/deliveries', { params: { path: { id: props.hookId }, query: { per_page: 20 } } })));
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  const pending = deliveries.state === 'ready' && deliveries.value.deliveries.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(reload, 1500);
    return () => clearTimeout(timer);
  }, [deliveries]);
  const redeliver = (delivery: Schemas['Delivery']) =>
    void action.run(async () => {
      const again = await dataOf(props.client.POST('/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id: props.hookId, delivery_id: delivery.id } } }));
      setNotice(`Sent ${delivery.event} again (delivery ${again.delivery.id}).`);
      reload();
    });
  return (
    <>
      <Show loaded={deliveries}>
        {({ deliveries: list }) =>
          list.length === 0 ? (
            <p>No deliveries yet.</p>
          ) : (
            <Table
              caption="Deliveries"
              rows={list}
              rowKey={(d) => d.id}
              columns={[
                { heading: 'Event', cell: (d) => d.event },
                {
                  heading: 'Result',
                  cell: (d) =>
                    `${d.status}${d.response_status !== null ? ` · HTTP ${d.response_status}` : ''}${d.error ? ` · ${d.error}` : ''} · ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`,
                },
                { heading: 'When', cell: (d) => when(d.created_at) },
                {
                  heading: 'Action',
                  hideHeading: true,
                  cell: (d) => (
                    <button type="button" disabled={action.busy} aria-label={`Redeliver ${d.event} of ${when(d.created_at)}`} onClick={() => redeliver(d)}>
                      Redeliver
                    </button>
                  ),
                },
              ]}
            />
          )
        }
      </Show>
      <Notice text={notice} />
      <Problem text={action.problem} />
    </>
  );
}

function Billing({ client }: Client): JSX.Element {
  const [usage] = useLoad(() => dataOf(client.GET('/usage')));
  const [packs] = useLoad(() => dataOf(client.GET('/credit_packs')));
  const action = useAction();
  const buy = (pack: Schemas['CreditPack']) =>
    action.run(async () => {
      const checkout = await dataOf(client.POST('/credit_packs/checkout', { body: { pack_name: pack.name } }));
      location.assign(checkout.checkout_url);
    });
  return (
    <>
      <h1>Credits and plan</h1>
      <Show loaded={usage}>
        {(u) => (
          <Section title="Balance and usage">
            <p>
              Plan: <strong>{u.plan}</strong>
            </p>
            <p>
              Credits: <strong>{u.credits.balance}</strong> ({u.credits.purchased} bought, {u.credits.granted} granted, {u.credits.used} used)
            </p>
            <p>
              This period ({u.usage.period}): {u.usage.generations} generations, {u.usage.credits_used} credits
            </p>
          </Section>
        )}
      </Show>
      <Section title="Buy credits">
        <Show loaded={packs}>
          {({ packs: list }) => (
            <ul class="cards">
              {list.map((pack) => (
                <li key={pack.name}>
                  <h3>{pack.name}</h3>
                  <p>
                    {pack.credits} credits for {pack.price} {pack.currency}
                  </p>
                  <button type="button" disabled={action.busy} onClick={() => void buy(pack)}>
                    Buy the {pack.name} pack
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Show>
        <Problem text={action.problem} />
      </Section>
    </>
  );
}
