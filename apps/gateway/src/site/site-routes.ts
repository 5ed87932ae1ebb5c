import { CHECKOUT_PAGE_ROUTE } from '../billing/checkout-bodies';
import { DISCOVERY_FILE_PATHS } from '../discovery/discovery.controller';
import { MCP_PATH } from '../mcp/mcp.controller';
import { SITE_PATHS } from './site-paths';

/**
 * The routes served at the site root rather than under /api/v1 (excluded from the global prefix): the landing
 * page, the discovery files, the help centre, the MCP endpoint and the claim page.
 */
export const SITE_ROOT_ROUTES: string[] = [
  SITE_PATHS.landing,
  ...DISCOVERY_FILE_PATHS,
  SITE_PATHS.securityTxt,
  SITE_PATHS.favicon,
  SITE_PATHS.help,
  SITE_PATHS.helpCategories,
  `${SITE_PATHS.helpArticles}/:file`,
  MCP_PATH,
  CHECKOUT_PAGE_ROUTE,
  `${SITE_PATHS.claim}/:token`,
  `${SITE_PATHS.claim}/:token/:step`,
];
