import type { components } from './api-types.generated';
import { dataOf, type ApiResult } from './errors';

export type PageMeta = components['schemas']['PageMeta'];
/** The query every list takes (contract 4: `page` from 1, `per_page` up to 100). */
export interface PageQuery {
  page: number;
  per_page: number;
}

/** A page of a list: its items under `K` (`apps` of `{apps, meta}`) and the page's `meta`. */
type ListPage<K extends string> = { meta: PageMeta } & { [P in K]: readonly unknown[] };

export interface PaginateOptions {
  /** items asked per page (default 100, the most the API serves) */
  perPage?: number;
  /** the first page to read (default 1) */
  startPage?: number;
}

/**
 * Every item of a list, page after page, as an async iterator: it asks for the next page only when the items of
 * this one are used up, and stops after the last page (`meta.total_pages`). A failure throws AppgenApiError.
 *
 *   for await (const app of paginate((page) => appgen.GET('/managed_apps', { params: { query: { ...page, status: 'generated' } } }), 'apps')) {
 *     console.log(app.id, app.name);
 *   }
 */
export async function* paginate<K extends string, D extends ListPage<K>>(
  requestPage: (page: PageQuery) => Promise<ApiResult<D>>,
  key: K,
  options: PaginateOptions = {},
): AsyncGenerator<D[K][number], void, undefined> {
  const perPage = options.perPage ?? 100;
  for (let page = options.startPage ?? 1; ; page += 1) {
    const data = await dataOf(requestPage({ page, per_page: perPage }));
    const items: D[K] = data[key];
    for (const item of items as ReadonlyArray<D[K][number]>) yield item;
    if (items.length === 0 || data.meta.current_page >= data.meta.total_pages) return;
  }
}
