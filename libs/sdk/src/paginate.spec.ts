import { createAppgenClient } from './client';
import { AppgenApiError } from './errors';
import { startFakeApi, type FakeApi } from '@appgen/testing';
import { paginate } from './paginate';

describe('paginate', () => {
  let api: FakeApi | undefined;
  afterEach(() => api?.close());

  const apps = Array.from({ length: 5 }, (_, i) => ({ id: `app${i + 1}`, name: `App ${i + 1}` }));

  function listing(): Promise<FakeApi> {
    return startFakeApi((request) => {
      const url = new URL(request.url, 'http://x');
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      if (url.searchParams.get('status') === 'bogus') return { status: 422, body: { error: 'validation_failed', message: 'status is invalid', errors: [] } };
      return {
        body: {
          apps: apps.slice((page - 1) * perPage, page * perPage),
          meta: { current_page: page, total_pages: Math.ceil(apps.length / perPage), total_count: apps.length, per_page: perPage },
        },
      };
    });
  }

  it('yields every item of every page, asking for a page only when the previous one is used up', async () => {
    api = await listing();
    const client = createAppgenClient({ baseUrl: api.url });
    const ids: string[] = [];
    for await (const app of paginate((page) => client.GET('/managed_apps', { params: { query: { ...page, status: 'generated' } } }), 'apps', { perPage: 2 })) {
      ids.push(app.id);
      if (ids.length === 1) expect(api.requests).toHaveLength(1);
    }
    expect(ids).toEqual(['app1', 'app2', 'app3', 'app4', 'app5']);
    expect(api.requests.map((r) => r.url)).toEqual([
      '/api/v1/managed_apps?page=1&per_page=2&status=generated',
      '/api/v1/managed_apps?page=2&per_page=2&status=generated',
      '/api/v1/managed_apps?page=3&per_page=2&status=generated',
    ]);
  });

  it('reads no further than the caller takes', async () => {
    api = await listing();
    const client = createAppgenClient({ baseUrl: api.url });
    for await (const app of paginate((page) => client.GET('/managed_apps', { params: { query: page } }), 'apps', { perPage: 2 })) {
      if (app.id === 'app1') break;
    }
    expect(api.requests).toHaveLength(1);
  });

  it('throws the API error of a page that fails', async () => {
    api = await listing();
    const client = createAppgenClient({ baseUrl: api.url });
    const read = async (): Promise<void> => {
      // @ts-expect-error a status the API does not know, as a caller's typo would send it
      for await (const _app of paginate((page) => client.GET('/managed_apps', { params: { query: { ...page, status: 'bogus' } } }), 'apps')) {
        // nothing
      }
    };
    await expect(read()).rejects.toEqual(expect.objectContaining({ status: 422, code: 'validation_failed' }));
    await expect(read()).rejects.toBeInstanceOf(AppgenApiError);
  });
});
