export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface PageMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
  per_page: number;
}

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
