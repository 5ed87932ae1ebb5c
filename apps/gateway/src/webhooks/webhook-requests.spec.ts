import { CreateWebhookBody, EVENT_KINDS, ListDeliveriesQuery, UpdateWebhookBody, type TSchema } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { ContractPipe } from '../common/contract-input';

const valid = { url: 'https://example.com/hooks/appgen', events: ['app.created'] };
const EVENT_CHOICES = `must be one of ${EVENT_KINDS.join(', ')}`;

function accepted(value: object, schema: TSchema, source: 'body' | 'query' = 'body'): unknown {
  return new ContractPipe(schema, source).transform({ ...value });
}

function fieldErrors(value: object, schema: TSchema, source: 'body' | 'query' = 'body'): unknown {
  try {
    accepted(value, schema, source);
  } catch (error) {
    if (error instanceof AppgenError) {
      expect(error.status).toBe(422);
      expect(error.body.error).toBe('validation_failed');
      return error.body.errors;
    }
    throw error;
  }
  throw new Error(`${JSON.stringify(value)} was accepted`);
}

describe('POST /webhooks body', () => {
  it('accepts every field of the contract, trimming the name', () => {
    const body = { ...valid, events: [...EVENT_KINDS], name: '  Deploys ', secret: 'a'.repeat(16), description: 'tell the team\n\tand ops' };
    expect(accepted(body, CreateWebhookBody)).toEqual({ ...body, name: 'Deploys' });
  });

  it.each([
    [{ events: ['app.created'] }, 'url', 'is required'],
    [{ ...valid, url: 42 }, 'url', 'must be a string'],
    [{ ...valid, url: 'ftp://example.com/hook' }, 'url', 'must be an http or https URL'],
    [{ ...valid, url: 'javascript:alert(1)' }, 'url', 'must be an http or https URL'],
    [{ ...valid, url: 'example.com/hook' }, 'url', 'must be an http or https URL'],
    [{ ...valid, url: `https://example.com/${'a'.repeat(2048)}` }, 'url', 'must be at most 2048 characters'],
    [{ ...valid, url: `https://example.com/${'a'.repeat(4000)}` }, 'url', 'must be at most 2048 characters'],
    [{ url: valid.url }, 'events', 'is required'],
    [{ ...valid, events: 'app.created' }, 'events', 'must be an array'],
    [{ ...valid, events: [] }, 'events', 'must list at least one event'],
    [{ ...valid, events: ['app.created', 'app.exploded'] }, 'events.1', EVENT_CHOICES],
    [{ ...valid, events: ['webhook.test'] }, 'events.0', EVENT_CHOICES],
    [{ ...valid, secret: 'a'.repeat(15) }, 'secret', 'must be at least 16 characters'],
    [{ ...valid, secret: 'a'.repeat(201) }, 'secret', 'must be at most 200 characters'],
    [{ ...valid, secret: `${'a'.repeat(16)}\n` }, 'secret', 'must not contain line breaks (U+000A at character 17)'],
    [{ ...valid, secret: `${'a'.repeat(16)}é` }, 'secret', 'must be printable ASCII characters'],
    [{ ...valid, name: 'n'.repeat(101) }, 'name', 'must be at most 100 characters'],
    [{ ...valid, description: 'd'.repeat(501) }, 'description', 'must be at most 500 characters'],
    [{ ...valid, name: 'Deploys\r\nX-Injected: 1' }, 'name', 'must not contain line breaks (U+000D at character 8)'],
    [{ ...valid, name: 'Deploys \u202Eevil' }, 'name', 'must not contain bidirectional text controls (U+202E at character 9)'],
    [{ ...valid, description: 'Bell \u0007' }, 'description', 'must not contain control characters (U+0007 at character 6)'],
    [{ ...valid, url: 'https://example.com/\u202Eh' }, 'url', 'must not contain bidirectional text controls (U+202E at character 21)'],
    [{ ...valid, enabled: false }, 'enabled', 'is not a permitted field'],
  ])('refuses %j with 422 naming the field', (body, field, message) => {
    expect(fieldErrors(body, CreateWebhookBody)).toEqual([{ field, message }]);
  });

  it('accepts a 200-character secret and an http URL on a private host (the service decides on addresses)', () => {
    const body = { url: 'http://localhost:9000/hook', events: ['app.deployment.completed'], secret: '~'.repeat(200) };
    expect(accepted(body, CreateWebhookBody)).toEqual(body);
  });
});

describe('PATCH /webhooks/:id body', () => {
  it('accepts an empty body and each field alone', () => {
    expect(accepted({}, UpdateWebhookBody)).toEqual({});
    for (const changes of [{ enabled: false }, { events: ['app.deleted'] }, { url: 'https://example.org/h' }, { secret: 's'.repeat(32) }]) {
      expect(accepted(changes, UpdateWebhookBody)).toEqual(changes);
    }
  });

  it.each([
    [{ enabled: 'no' }, 'enabled', 'must be true or false'],
    [{ events: [] }, 'events', 'must list at least one event'],
    [{ events: ['app.renamed'] }, 'events.0', EVENT_CHOICES],
    [{ url: 'ftp://example.com' }, 'url', 'must be an http or https URL'],
    [{ secret: 'short' }, 'secret', 'must be at least 16 characters'],
    [{ source: 'zapier' }, 'source', 'is not a permitted field'],
  ])('refuses %j with 422 naming the field', (body, field, message) => {
    expect(fieldErrors(body, UpdateWebhookBody)).toEqual([{ field, message }]);
  });
});

describe('GET /webhooks/:id/deliveries query', () => {
  it('takes status, event and the page (per_page above 100 is served as 100 by paginated())', () => {
    const query = { status: 'failed', event: 'app.created', page: '2', per_page: '500' };
    expect(accepted(query, ListDeliveriesQuery, 'query')).toEqual({ status: 'failed', event: 'app.created', page: 2, per_page: 500 });
  });

  it.each([
    [{ status: 'lost' }, 'status', 'must be one of pending, succeeded, failed'],
    [{ event: 'e'.repeat(101) }, 'event', 'must be at most 100 characters'],
    [{ page: '0' }, 'page', 'must not be less than 1'],
  ])('refuses %j with 422 naming the field', (query, field, message) => {
    expect(fieldErrors(query, ListDeliveriesQuery, 'query')).toEqual([{ field, message }]);
  });
});
