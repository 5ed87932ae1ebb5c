import type { ToolDescription } from '../tools/tool-executor';
import type { SiteUrls } from './site-paths';

/** The OpenAPI document as far as the references made from it read it (the published document is plain JSON). */
export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  paths: object;
  components?: object;
}

/**
 * What the pages and discovery files are made from, all of it read from the running code and configuration:
 * nothing in them is copied by hand, so they cannot drift from the API they describe.
 */
export interface SiteFacts {
  urls: SiteUrls;
  /** the document /openapi.json serves */
  api: ApiDocument;
  /** the tools GET /mcp/tools lists, with their input schemas */
  tools: readonly ToolDescription[];
  /** requests per minute per client IP without a credential (ANONYMOUS_RATE_LIMIT) */
  anonymousRateLimit: number;
}
