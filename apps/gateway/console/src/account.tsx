import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { AppgenClient } from '@appgen/sdk';
import { dataOf, type Schemas } from './api';
import { Notice, Problem, Section, Show, useAction, useLoad, when } from './ui';

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

const EVENTS: Schemas['CreateWebhookRequest']['events'] = ['app.generation.completed', 'app.generation.failed', 'app.deployment.completed', 'app.created', 'app.deleted'];

function Webhooks({ client }: Client): JSX.Element {
  const [hooks, reload] = useLoad(() => dataOf(client.GET('/webhooks', { params: { query: { per_page: 100 } } })));
  const [url, setUrl] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const action = useAction();
  const create = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await dataOf(client.POST('/webhooks', { body: { url: url.trim(), events: EVENTS } }));
      setUrl('');
      reload();
    });
  };
  return (
    <>
      <h1>Webhooks</h1>
      <Section title="Add a webhook">
        <form onSubmit={create} class="inline">
          <label for="hook-url">URL</label>
          <input id="hook-url" type="url" required placeholder="https://example.com/hooks/appgen" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
          <button type="submit" disabled={action.busy}>
            Add webhook
          </button>
        </form>
        <p class="muted">It receives: {EVENTS.join(', ')}.</p>
        <Problem text={action.problem} />
      </Section>
      <Section title="Your webhooks">
        <Show loaded={hooks}>
          {({ webhooks: list }) => (
            <ul>
              {list.map((hook) => (
                <li key={hook.id}>
                  <strong>{hook.name}</strong> {hook.url} · {hook.enabled ? 'enabled' : 'disabled'}{' '}
                  <button type="button" aria-expanded={open === hook.id} onClick={() => setOpen(open === hook.id ? null : hook.id)}>
                    Deliveries of {hook.name}
                  </button>
                  {open === hook.id && <Deliveries client={client} hookId={hook.id} />}
                </li>
              ))}
            </ul>
          )}
        </Show>
      </Section>
    </>
  );
}

function Deliveries(props: Client & { hookId: number }): JSX.Element {
  const [deliveries, reload] = useLoad(() =>
    dataOf(props.client.GET('/webhooks/{id}/deliveries', { params: { path: { id: props.hookId }, query: { per_page: 20 } } })),
  );
  const action = useAction();
  const redeliver = (id: number) =>
    action.run(async () => {
      await dataOf(props.client.POST('/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id: props.hookId, delivery_id: id } } }));
      reload();
    });
  return (
    <Show loaded={deliveries}>
      {({ deliveries: list }) =>
        list.length === 0 ? (
          <p>No deliveries yet.</p>
        ) : (
          <ul>
            {list.map((d) => (
              <li key={d.id}>
                {d.event} · {d.status} · {d.attempts} attempts · {d.response_status ?? d.error ?? ''} · {when(d.created_at)}{' '}
                <button type="button" disabled={action.busy} onClick={() => void redeliver(d.id)}>
                  Redeliver {d.id}
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </Show>
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
