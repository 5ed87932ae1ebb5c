/**
 * The start page: what the app is for, then a summary of its data: how many rows each entity has, what is coming
 * up by date, the totals of amounts, and links to the boards, calendars and rankings.
 */
import { dayKey, upcoming, type RowRecord } from '../data';
import type { AllOptions } from '../api';
import { h } from '../dom';
import { formatValue } from '../fields';
import { t } from '../i18n';
import { href } from '../router';
import { amountTotals, datedBetween, formatAmount, rowLink, type EntityPages } from './entity-pages';

/** A board, calendar or ranking page of the app. */
export interface ViewPage {
  kind: 'board' | 'calendar' | 'ranking';
  path: string;
  title: string;
  entity: string;
  field: string;
}

const UPCOMING_LIMIT = 5;

/** The field an entity's rows are dated by: its calendar's, else its first date or datetime field. */
function dateField(entity: EntityPages, views: readonly ViewPage[]): string | undefined {
  const calendar = views.find((view) => view.kind === 'calendar' && view.entity === entity.name);
  return calendar?.field ?? entity.fields.find((spec) => spec.kind === 'date' || spec.kind === 'datetime')?.name;
}

/** Rows of an entity the summary needs; an entity that cannot be read (signed out) is left out. */
async function readable(entity: EntityPages, options?: AllOptions, limit?: number): Promise<RowRecord[] | null> {
  try {
    return await entity.records(options, limit);
  } catch {
    return null;
  }
}

/** The first rows dated today or later, soonest first, asked of the server so that past rows never crowd them out. */
function comingUp(entity: EntityPages, field: string, today: string): Promise<RowRecord[] | null> {
  return readable(entity, { orderBy: field, ranges: datedBetween(entity, field, today) }, UPCOMING_LIMIT);
}

export async function renderHome(title: string, description: string, entities: readonly EntityPages[], views: readonly ViewPage[]): Promise<Node> {
  const today = dayKey(new Date());
  const hasAmounts = (entity: EntityPages): boolean => entity.fields.some((spec) => spec.amount === true);
  const [counts, rows, dated] = await Promise.all([
    Promise.all(entities.map((entity) => entity.count())),
    Promise.all(entities.map((entity) => (hasAmounts(entity) ? readable(entity) : Promise.resolve(null)).then((records) => ({ entity, records })))),
    Promise.all(
      entities.map((entity) => {
        const field = dateField(entity, views);
        return (field === undefined ? Promise.resolve(null) : comingUp(entity, field, today)).then((records) => ({ entity, records }));
      }),
    ),
  ]);
  const section = h(
    'section',
    { class: 'page' },
    h('header', { class: 'hero' }, h('h1', { tabindex: -1 }, title), h('p', { class: 'lead' }, description)),
    h(
      'ul',
      { class: 'cards' },
      ...entities.map((entity, index) => {
        const count = counts[index];
        return h(
          'li',
          { class: 'card' },
          h('h2', {}, h('a', { href: href(entity.path) }, entity.label)),
          h('p', { class: 'count' }, count === null ? (entity.userScoped ? t().signInToSeeYours : t().none) : t().entries(count)),
          h('a', { class: 'button', href: href(entity.path + '/new') }, t().addNew),
        );
      }),
    ),
  );

  const soon = dated.flatMap(({ entity, records }) => {
    const field = dateField(entity, views);
    const spec = entity.fields.find((candidate) => candidate.name === field);
    if (!records || !field || !spec) return [];
    return upcoming(records, field, today, UPCOMING_LIMIT).map((record) => ({ entity, spec, record, when: String(record.values[field]) }));
  });
  soon.sort((a, b) => (a.when < b.when ? -1 : a.when > b.when ? 1 : 0));
  if (dated.some(({ records }) => records !== null)) {
    section.append(
      h(
        'section',
        { class: 'summary', 'aria-labelledby': 'home-upcoming' },
        h('h2', { id: 'home-upcoming' }, t().comingUp),
        soon.length
          ? h(
              'ul',
              { class: 'upcoming' },
              ...soon.slice(0, UPCOMING_LIMIT).map(({ entity, spec, record }) =>
                h('li', {}, h('span', { class: 'when' }, formatValue(spec, record.values[spec.name])), ' ', rowLink(entity, record), h('span', { class: 'muted' }, ' · ' + entity.labelSingular)),
              ),
            )
          : h('p', { class: 'muted' }, t().nothingComingUp),
      ),
    );
  }

  const totals = rows.flatMap(({ entity, records }) => (records ? amountTotals(entity, records).map((total) => ({ entity, ...total })) : []));
  if (totals.length) {
    section.append(
      h(
        'section',
        { class: 'summary', 'aria-labelledby': 'home-totals' },
        h('h2', { id: 'home-totals' }, t().totals),
        h('dl', { class: 'details' }, ...totals.flatMap(({ entity, spec, total }) => [h('dt', {}, h('a', { href: href(entity.path) }, entity.label), ' · ' + spec.label), h('dd', { class: 'total' }, formatAmount(spec, total))])),
      ),
    );
  }

  if (views.length) {
    section.append(
      h(
        'nav',
        { class: 'summary', 'aria-labelledby': 'home-views' },
        h('h2', { id: 'home-views' }, t().views),
        h('ul', { class: 'view-links' }, ...views.map((view) => h('li', {}, h('a', { class: 'button', href: href(view.path) }, view.title)))),
      ),
    );
  }
  return section;
}
