/**
 * The start page: what the app is for, then a summary of its data: how many rows each entity has, what is coming
 * up by date, the totals of amounts and how many rows each stage of a board holds (counted and added up by the
 * server over all rows), and links to the boards, calendars and rankings.
 */
import { dayKey, optionCounts, upcoming, type OptionCount, type RowRecord } from '../data';
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

/** What the summary needs of an entity, or null when it cannot be read (signed out): the summary leaves it out. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

/** How many of a board's rows are at each stage, the stages in order; null when they cannot be read. */
async function boardCounts(entities: readonly EntityPages[], view: ViewPage): Promise<{ entity: EntityPages; label: string; counts: OptionCount[] } | null> {
  const entity = entities.find((candidate) => candidate.name === view.entity);
  const spec = entity?.fields.find((candidate) => candidate.name === view.field);
  if (!entity || !spec) return null;
  const totals = await orNull(() => entity.totals({ groupBy: spec.name }));
  return totals && totals.count > 0 ? { entity, label: spec.label, counts: optionCounts(totals.groups ?? [], spec.options ?? []) } : null;
}

/** The first rows dated today or later, soonest first, asked of the server so that past rows never crowd them out. */
function comingUp(entity: EntityPages, field: string, today: string): Promise<RowRecord[] | null> {
  return orNull(() => entity.records({ orderBy: field, ranges: datedBetween(entity, field, today) }, UPCOMING_LIMIT));
}

export async function renderHome(title: string, description: string, entities: readonly EntityPages[], views: readonly ViewPage[]): Promise<Node> {
  const today = dayKey(new Date());
  const [counts, amounts, stages, dated] = await Promise.all([
    Promise.all(entities.map((entity) => entity.count())),
    // An entity without amounts asks for none.
    Promise.all(entities.map((entity) => orNull(() => amountTotals(entity)).then((totals) => ({ entity, totals })))),
    Promise.all(views.filter((view) => view.kind === 'board').map((view) => boardCounts(entities, view))),
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

  const totals = amounts.flatMap(({ entity, totals: found }) => (found ?? []).map((total) => ({ entity, ...total })));
  const boards = stages.flatMap((stage) => (stage ? [stage] : []));
  if (totals.length || boards.length) {
    const term = (entity: EntityPages, label: string): HTMLElement => h('dt', {}, h('a', { href: href(entity.path) }, entity.label), ' · ' + label);
    section.append(
      h(
        'section',
        { class: 'summary', 'aria-labelledby': 'home-totals' },
        h('h2', { id: 'home-totals' }, t().totals),
        h(
          'dl',
          { class: 'details' },
          ...totals.flatMap(({ entity, spec, total }) => [term(entity, spec.label), h('dd', { class: 'total' }, formatAmount(spec, total))]),
          ...boards.flatMap(({ entity, label, counts: stageCounts }) => [
            term(entity, label),
            h('dd', { class: 'stage-counts' }, stageCounts.map(({ option, count }) => (option ?? t().unassigned) + ': ' + count).join(' · ')),
          ]),
        ),
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
