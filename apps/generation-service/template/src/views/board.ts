/**
 * A board: an entity's rows as cards in columns, one per option of a select field, in the options' order. A card
 * moves by drag and drop or by its "move to" choice (keyboard, touch, screen readers); either changes the row
 * through the API (only the stage field is sent, so a move never overwrites what someone else changed on the card
 * meanwhile), so the board is the same after a reload. Each column's count is the server's, over all the entity's
 * rows, so it is right even when the board holds more rows than it shows cards for (at most ALL_ROWS_LIMIT), and the
 * board then says how many of them it shows.
 */
import { boardColumns, optionCounts, type RowRecord } from '../data';
import { h } from '../dom';
import { t } from '../i18n';
import { href } from '../router';
import { entityNamed, rowLink, titleOf } from './entity-pages';
import { changeFailed, liveStatus, loadFor, pageHeader } from './ui';

export async function renderBoard(entityName: string, field: string, title: string): Promise<Node> {
  const section = h('section', { class: 'page' });
  const entity = entityNamed(entityName);
  const spec = entity?.fields.find((candidate) => candidate.name === field);
  if (!entity || !spec) return section;
  section.append(pageHeader(title, h('a', { class: 'button primary', href: href(entity.path + '/new') }, t().newItem(entity.labelSingular))));
  const loaded = await loadFor(section, entity, () => Promise.all([entity.records(), entity.totals({ groupBy: field })]));
  if (!loaded) return section;
  const [records, totals] = loaded;
  const status = liveStatus();
  const columns = boardColumns(records, field, spec.options ?? []);
  const lists = new Map<string | null, HTMLElement>();
  const counts = new Map<string | null, HTMLElement>();
  const rowsIn = new Map(optionCounts(totals.groups ?? [], spec.options ?? []).map(({ option, count }) => [option, count]));
  const columnName = (option: string | null): string => option ?? t().unassigned;
  let dragged: { record: RowRecord; card: HTMLElement } | null = null;

  const move = (record: RowRecord, card: HTMLElement, option: string): void => {
    const from = record.values[field];
    if (from === option) return;
    card.setAttribute('aria-busy', 'true');
    entity.setChoice(record.id, field, option).then(
      (updated) => {
        const left = typeof from === 'string' && (spec.options ?? []).includes(from) ? from : null;
        rowsIn.set(left, (rowsIn.get(left) ?? 1) - 1);
        rowsIn.set(option, (rowsIn.get(option) ?? 0) + 1);
        record.values = updated.values;
        card.removeAttribute('aria-busy');
        lists.get(option)?.append(card);
        const select = card.querySelector('select');
        if (select) select.value = option;
        updateCounts();
        status.textContent = t().moved(titleOf(entity, record), option);
      },
      (error: unknown) => {
        card.removeAttribute('aria-busy');
        const select = card.querySelector('select');
        if (select) select.value = typeof record.values[field] === 'string' ? String(record.values[field]) : '';
        changeFailed(section, entity.label, error);
      },
    );
  };

  const updateCounts = (): void => {
    for (const [option, count] of counts) count.replaceChildren(String(rowsIn.get(option) ?? 0));
  };

  const card = (record: RowRecord): HTMLElement => {
    const element = h('li', { class: 'board-card', draggable: 'true', 'data-id': record.id });
    const selectId = 'move-' + record.id;
    const select = h(
      'select',
      { id: selectId, class: 'move-to' },
      ...(spec.options ?? []).map((option) => h('option', { value: option, selected: record.values[field] === option }, option)),
      record.values[field] === null || !(spec.options ?? []).includes(String(record.values[field])) ? h('option', { value: '', selected: true, disabled: true }, t().unassigned) : null,
    );
    select.addEventListener('change', () => move(record, element, select.value));
    element.addEventListener('dragstart', (event) => {
      dragged = { record, card: element };
      event.dataTransfer?.setData('text/plain', String(record.id));
      element.classList.add('dragging');
    });
    element.addEventListener('dragend', () => {
      dragged = null;
      element.classList.remove('dragging');
    });
    element.append(h('p', { class: 'board-card-title' }, rowLink(entity, record)), h('label', { class: 'visually-hidden', for: selectId }, t().moveTo(titleOf(entity, record))), select);
    return element;
  };

  const board = h('div', { class: 'board' });
  for (const column of columns) {
    const headingId = 'column-' + (column.option === null ? 'none' : String(columns.indexOf(column)));
    const count = h('span', { class: 'column-count' }, String(rowsIn.get(column.option) ?? column.records.length));
    const list = h('ul', { class: 'board-list', 'aria-labelledby': headingId }, ...column.records.map(card));
    lists.set(column.option, list);
    counts.set(column.option, count);
    const element = h('section', { class: 'board-column', 'aria-labelledby': headingId }, h('h2', { id: headingId }, columnName(column.option), ' ', count), list);
    const option = column.option;
    if (option !== null) {
      element.addEventListener('dragover', (event) => {
        event.preventDefault();
        element.classList.add('drop-target');
      });
      element.addEventListener('dragleave', () => element.classList.remove('drop-target'));
      element.addEventListener('drop', (event) => {
        event.preventDefault();
        element.classList.remove('drop-target');
        if (dragged) move(dragged.record, dragged.card, option);
      });
    }
    board.append(element);
  }
  if (totals.count > records.length) section.append(h('p', { class: 'muted board-count' }, t().cardsShown(records.length, totals.count)));
  section.append(h('p', { class: 'hint' }, t().dragHint), board, status);
  return section;
}

