import { MAX_INTEGER_ID } from './limits';
import { Closed, Type, type Static } from './schema';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Postgres integer bound; pages beyond it cannot exist. */
export const MAX_PAGE = MAX_INTEGER_ID;

/** `page` and `per_page` of a list request, with the defaults applied (the gateway applies them). */
export const PageFields = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE }),
  per_page: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE }),
};
export const PageRequest = Closed(PageFields);

/**
 * `page` and `per_page` as a list route's query string takes them, both optional (defaults 1 and
 * DEFAULT_PER_PAGE): `per_page` above MAX_PER_PAGE is served as MAX_PER_PAGE rather than refused (like GitHub's
 * API), which the gateway's `paginated()` applies. Spread into a list's query schema with its own filters.
 */
export const PageQueryFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: 'page number, from 1' })),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, default: DEFAULT_PER_PAGE, description: `items per page; values above ${MAX_PER_PAGE} are served as ${MAX_PER_PAGE}` }),
  ),
};
export type PageRequest = Static<typeof PageRequest>;

export const PageMeta = Closed(
  {
    current_page: Type.Integer({ example: 1 }),
    total_pages: Type.Integer({ example: 3 }),
    total_count: Type.Integer({ example: 61 }),
    per_page: Type.Integer({ example: 25 }),
  },
  { title: 'PageMeta' },
);
export type PageMeta = Static<typeof PageMeta>;

export function pageMeta(page: PageRequest, totalCount: number): PageMeta {
  return {
    current_page: page.page,
    total_pages: Math.ceil(totalCount / page.per_page),
    total_count: totalCount,
    per_page: page.per_page,
  };
}

export function pageOffset(page: PageRequest): number {
  return (page.page - 1) * page.per_page;
}
