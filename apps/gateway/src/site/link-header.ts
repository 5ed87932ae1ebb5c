import { DISCOVERY_FILES } from './discovery-files';
import type { SiteUrls } from './site-paths';

/** The Link header (RFC 8288) every page and discovery file carries: the listed files that have a relation type. */
export function discoveryLinkHeader(urls: SiteUrls): string {
  return DISCOVERY_FILES.flatMap(({ path, rel, type, name }) => (rel ? [`<${urls.to(path)}>; rel="${rel}"; type="${type}"; title="${name}"`] : [])).join(', ');
}
