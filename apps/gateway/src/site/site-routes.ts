import { CHECKOUT_PAGE_ROUTE } from '../billing/checkout-bodies';
import { CONSOLE_ANALYTICS_ROUTE } from '../console/console-analytics.controller';
import { DISCOVERY_FILE_PATHS } from '../discovery/discovery.controller';
import { MCP_PATH } from '../mcp/mcp.controller';
import { SITE_PATHS } from './site-paths';

/**
 * The routes served at the site root rather than under /api/v1 (excluded from the global prefix): the landing
 * page, the discovery files, the help centre, the MCP endpoint, the claim page and the console's own routes.
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
  CONSOLE_ANALYTICS_ROUTE,
];
