/**
 * A ranked list: an entity's rows by a number field, highest first, with their rank (equal scores share one). The
 * server sorts and sends only the top rows, so the ranking is right however many rows there are.
 */
import { SERVER_PAGE_LIMIT } from '../api';
import { ranked } from '../data';
import { h } from '../dom';
import { formatValue } from '../fields';
import { t } from '../i18n';
import { href } from '../router';
import { entityNamed, rowLink } from './entity-pages';
import { loadFor, pageHeader } from './ui';

/** How many rows a ranking shows: the top ones, in one request. */
const RANKING_SIZE = SERVER_PAGE_LIMIT;

export async function renderRanking(entityName: string, field: string, title: string): Promise<Node> {
  const section = h('section', { class: 'page' });
  const entity = entityNamed(entityName);
  const spec = entity?.fields.find((candidate) => candidate.name === field);
  if (!entity || !spec) return section;
  section.append(pageHeader(title, h('a', { class: 'button primary', href: href(entity.path + '/new') }, t().newItem(entity.labelSingular))));
  // Highest first, rows without a score last: every row above a shown one is shown too, so the ranks are exact.
  const top = await loadFor(section, entity, () => entity.page(RANKING_SIZE, 0, '-' + field));
  if (!top) return section;
  const records = top.records;
  if (!records.length) {
    section.append(h('p', { class: 'empty' }, t().noItemsYet(entity.label)));
    return section;
  }
  if (top.total > records.length) section.append(h('p', { class: 'muted ranking-count' }, t().topOf(records.length, top.total)));
  section.append(
    h(
      'ol',
      { class: 'ranking' },
      ...ranked(records, field).map(({ rank, record }) =>
        h(
          'li',
          { class: 'ranking-item' },
          h('span', { class: 'rank' }, rank === null ? '–' : h('span', {}, h('span', { class: 'visually-hidden' }, t().rank + ' '), String(rank))),
          h('span', { class: 'ranking-title' }, rowLink(entity, record)),
          h('span', { class: 'score' }, rank === null ? t().unranked : spec.label + ': ' + formatValue(spec, record.values[field])),
        ),
      ),
    ),
  );
  return section;
}
