import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type PageRequest } from '@appgen/contracts';

/**
 * The page a list request asks for (its query, checked against the contracts' PageQueryFields), with the
 * defaults applied and `per_page` above the maximum served at the maximum rather than refused (like GitHub's API).
 */
export function paginated(query: { page?: number; per_page?: number }): PageRequest {
  return { page: query.page ?? 1, per_page: Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE) };
}
