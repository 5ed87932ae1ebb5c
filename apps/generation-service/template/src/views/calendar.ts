/**
 * A calendar of an entity's rows by a date or datetime field: a month grid on wide screens and the same month as an
 * agenda list on narrow ones (the stylesheet shows one of them), with the previous and next month and today. The
 * month is in the address (#/<page>/2025-03), so a reload or a shared link shows the same month.
 */
import { byDay, dayKey, monthGrid, monthOf, parseMonth, shiftMonth } from '../data';
import { h } from '../dom';
import { formatDay } from '../fields';
import { language, t } from '../i18n';
import { href } from '../router';
import { datedBetween, entityNamed, rowLink } from './entity-pages';
import { loadFor, pageHeader } from './ui';

/** Weeks start on Monday, except in English, as the app's users expect. */
function weekStart(): number {
  return language() === 'en' ? 0 : 1;
}

export async function renderCalendar(entityName: string, field: string, title: string, path: string, month: string | undefined): Promise<Node> {
  const section = h('section', { class: 'page' });
  const entity = entityNamed(entityName);
  if (!entity) return section;
  const today = dayKey(new Date());
  const shown = parseMonth(month) ?? monthOf(today);
  const monthName = new Date(shown + '-01T00:00:00').toLocaleDateString(language(), { month: 'long', year: 'numeric' });
  section.append(
    pageHeader(title, h('a', { class: 'button primary', href: href(entity.path + '/new') }, t().newItem(entity.labelSingular))),
    h(
      'nav',
      { class: 'calendar-nav', 'aria-label': monthName },
      h('a', { class: 'button', href: href(path + '/' + shiftMonth(shown, -1)), 'aria-label': t().previousMonth }, '‹'),
      h('h2', { class: 'calendar-month', 'aria-live': 'polite' }, monthName),
      h('a', { class: 'button', href: href(path + '/' + shiftMonth(shown, 1)), 'aria-label': t().nextMonth }, '›'),
      h('a', { class: 'button', href: href(path + '/' + monthOf(today)) }, t().today),
    ),
  );
  const weeks = monthGrid(shown, weekStart());
  // Only the rows of the days on the grid, however many rows the app has in other months.
  const shownDays = datedBetween(entity, field, weeks[0][0].day, weeks[weeks.length - 1][6].day);
  const records = await loadFor(section, entity, () => entity.records({ orderBy: field, ranges: shownDays }));
  if (!records) return section;
  const days = byDay(records, field);
  const weekdays = weeks[0].map(({ day }) => formatDay(day, { weekday: 'short' }));
  const weekdayNames = weeks[0].map(({ day }) => formatDay(day, { weekday: 'long' }));

  const grid = h(
    'table',
    { class: 'calendar-grid' },
    h('caption', { class: 'visually-hidden' }, title + ', ' + monthName),
    h('thead', {}, h('tr', {}, ...weekdays.map((name, index) => h('th', { scope: 'col', abbr: weekdayNames[index] }, name)))),
    h(
      'tbody',
      {},
      ...weeks.map((week) =>
        h(
          'tr',
          {},
          ...week.map(({ day, inMonth }) =>
            h(
              'td',
              { class: inMonth ? 'day' : 'day other-month', 'aria-current': day === today ? 'date' : null },
              h('span', { class: 'day-number' }, h('span', { class: 'visually-hidden' }, formatDay(day, { day: 'numeric', month: 'long' })), h('span', { 'aria-hidden': 'true' }, String(Number(day.slice(8))))),
              inMonth && days.get(day)?.length ? h('ul', { class: 'day-items' }, ...(days.get(day) ?? []).map((record) => h('li', {}, rowLink(entity, record)))) : null,
            ),
          ),
        ),
      ),
    ),
  );

  const agendaDays = [...days.keys()].filter((day) => monthOf(day) === shown).sort();
  const agenda = agendaDays.length
    ? h(
        'ol',
        { class: 'agenda' },
        ...agendaDays.map((day) =>
          h(
            'li',
            { class: 'agenda-day', 'aria-current': day === today ? 'date' : null },
            h('h3', {}, formatDay(day, { weekday: 'long', day: 'numeric', month: 'long' })),
            h('ul', {}, ...(days.get(day) ?? []).map((record) => h('li', {}, rowLink(entity, record)))),
          ),
        ),
      )
    : h('p', { class: 'agenda empty' }, t().nothingThisMonth);
  section.append(h('div', { class: 'calendar-wide' }, grid), h('div', { class: 'calendar-narrow' }, agenda));
  return section;
}
