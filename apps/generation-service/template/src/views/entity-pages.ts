/**
 * Every entity's pages (list, create, edit, and a detail page with the rows of other entities that point at it),
 * built from its view (fields, typed client, conversions). The pages see entities through `EntityPages`, which
 * hides each one's row type, so that references and the pages of the shell can cross between entities.
 */
import { ApiError, type AllOptions, type BaseRow, type EntityClient, type Totals, type TotalsOptions } from '../api';
import { dayBounds, pointingAt, referenceIds, type RowRecord } from '../data';
import { h, type Child } from '../dom';
import { formatNumber, formatValue, readForm, renderField, validate, type Choice, type FieldControl, type FieldSpec, type FormValues } from '../fields';
import { t } from '../i18n';
import { href, navigate, type Route, type RouteParams } from '../router';
import { currentUser } from '../session';
import { changeFailed, errorMessage, liveStatus, loadFor, notice, pageHeader, promptSignIn, signInNotice, signInToWriteNotice } from './ui';

/** What an entity is, as its generated view says. */
export interface EntityInfo {
  name: string;
  path: string;
  label: string;
  labelSingular: string;
  userScoped: boolean;
  /** visitors who are not signed in may add, change and delete rows too */
  openWrites: boolean;
  fields: readonly FieldSpec[];
}

export interface EntityView<Row extends BaseRow, Input> extends EntityInfo {
  api: EntityClient<Row, Input>;
  toValues(row: Row): FormValues;
  fromValues(values: FormValues): Input;
}

/** An entity's rows and pages without its row type. */
export interface EntityPages extends EntityInfo {
  routes: Route[];
  count(): Promise<number | null>;
  /** one page of rows, in id order or by `orderBy` (`-score`: highest first, rows without a score last) */
  page(limit: number, offset: number, orderBy?: string): Promise<{ records: RowRecord[]; total: number }>;
  /** every row (up to `limit`, at most the client's ALL_ROWS_LIMIT) */
  records(options?: AllOptions, limit?: number): Promise<RowRecord[]>;
  /** the count and sums of all the rows the options select, computed by the server */
  totals(options?: TotalsOptions): Promise<Totals>;
  record(id: number): Promise<RowRecord>;
  create(values: FormValues): Promise<RowRecord>;
  update(id: number, values: FormValues): Promise<RowRecord>;
  /** sets one choice field (a board's stage) and nothing else, so a change made meanwhile elsewhere stays */
  setChoice(id: number, field: string, option: string): Promise<RowRecord>;
  remove(id: number): Promise<void>;
}

const PAGE_SIZE = 25;

const registry = new Map<string, EntityPages>();

/** Makes the app's entities known to each other, for references and related rows. */
export function registerEntities(entities: readonly EntityPages[]): void {
  for (const entity of entities) registry.set(entity.name, entity);
}

/** A query's bounds on `entity`'s rows dated by `field` from the day `from` to `to` (both included; open without `to`). */
export function datedBetween(entity: EntityPages, field: string, from: string, to?: string): NonNullable<AllOptions['ranges']> {
  const kind = entity.fields.find((spec) => spec.name === field)?.kind === 'datetime' ? 'datetime' : 'date';
  return { [field]: dayBounds(kind, from, to) };
}

export function entityNamed(name: string | undefined): EntityPages | undefined {
  return name === undefined ? undefined : registry.get(name);
}

export function entityPages<Row extends BaseRow, Input>(view: EntityView<Row, Input>): EntityPages {
  const toRecord = (row: Row): RowRecord => ({ id: row.id, values: view.toValues(row) });
  const entity: EntityPages = {
    name: view.name,
    path: view.path,
    label: view.label,
    labelSingular: view.labelSingular,
    userScoped: view.userScoped,
    openWrites: view.openWrites,
    fields: view.fields,
    routes: [],
    async count() {
      if (view.userScoped && !(await currentUser())) return null;
      try {
        return (await view.api.list({ limit: 1 })).total;
      } catch {
        return null;
      }
    },
    async page(limit, offset, orderBy) {
      const result = await view.api.list({ limit, offset, orderBy });
      return { records: result.rows.map(toRecord), total: result.total };
    },
    async records(options, limit) {
      return (await view.api.all(options, limit)).map(toRecord);
    },
    totals: (options) => view.api.totals(options),
    async record(id) {
      return toRecord(await view.api.get(id));
    },
    async create(values) {
      return toRecord(await view.api.create(view.fromValues(values)));
    },
    async update(id, values) {
      return toRecord(await view.api.update(id, view.fromValues(values)));
    },
    async setChoice(id, field, option) {
      return toRecord(await view.api.patch(id, { [field]: option }));
    },
    remove: (id) => view.api.remove(id),
  };
  entity.routes = [
    { path: view.path, title: view.label, render: () => renderList(entity, 1) },
    { path: view.path + '/page/:page', title: view.label, render: (params) => renderList(entity, Number(params.page)) },
    { path: view.path + '/new', title: t().newItem(view.labelSingular), render: (params) => renderForm(entity, null, params) },
    { path: view.path + '/:id/edit', title: t().editItem(view.labelSingular), render: (params) => renderForm(entity, Number(params.id), params) },
    { path: view.path + '/:id', title: view.labelSingular, render: (params) => renderDetail(entity, Number(params.id)) },
  ];
  return entity;
}

/** What a row is called: its first (naming) field. */
export function titleOf(entity: EntityPages, record: RowRecord): string {
  const first = entity.fields[0];
  return first ? formatValue(first, record.values[first.name]) : '#' + record.id;
}

export function detailPath(entity: EntityPages, id: number): string {
  return entity.path + '/' + id;
}

/** Links to a row's detail page, named by its title. */
export function rowLink(entity: EntityPages, record: RowRecord): HTMLElement {
  return h('a', { href: href(detailPath(entity, record.id)) }, titleOf(entity, record));
}

/** The rows a reference field may point at, by title; none when they cannot be read (e.g. signed out). */
async function choicesFor(spec: FieldSpec): Promise<Choice[]> {
  const target = entityNamed(spec.entity);
  if (!target) return [];
  try {
    return (await target.records()).map((record) => ({ id: record.id, title: titleOf(target, record) }));
  } catch {
    return [];
  }
}

/** The titles of the rows each reference field of `fields` may point at, by field name then row id. */
async function titlesFor(fields: readonly FieldSpec[]): Promise<Map<string, Map<number, string>>> {
  const references = fields.filter((spec) => spec.kind === 'reference' || spec.kind === 'references');
  const loaded = await Promise.all(references.map(choicesFor));
  return new Map(references.map((spec, index) => [spec.name, new Map(loaded[index].map((choice) => [choice.id, choice.title]))]));
}

/** A value for lists and details; references are links to the rows they point at. */
function valueNode(spec: FieldSpec, record: RowRecord, titles: Map<string, Map<number, string>>): Child {
  const value = record.values[spec.name];
  const target = entityNamed(spec.entity);
  const known = titles.get(spec.name);
  if (!target || !known) return formatValue(spec, value);
  const ids = referenceIds(value);
  if (!ids.length) return t().none;
  const links: Child[] = [];
  for (const id of ids) {
    if (links.length) links.push(', ');
    links.push(h('a', { href: href(detailPath(target, id)) }, known.get(id) ?? '#' + id));
  }
  return h('span', {}, ...links);
}

/** The fields a table shows: the first four, and every amount, whose total it adds up. */
function shownFields(entity: EntityPages): FieldSpec[] {
  return entity.fields.filter((spec, index) => index < 4 || spec.amount === true);
}

export interface AmountTotal {
  spec: FieldSpec;
  total: number;
}

/**
 * The totals of an entity's amount fields over all its rows that `filters` select (a trip's expenses), added up by the
 * server, so they hold however many rows there are; none when the entity has no amounts.
 */
export async function amountTotals(entity: EntityPages, filters?: TotalsOptions['filters']): Promise<AmountTotal[]> {
  const amounts = entity.fields.filter((spec) => spec.amount === true);
  if (!amounts.length) return [];
  const totals = await entity.totals({ sum: amounts.map((spec) => spec.name), filters });
  return amounts.map((spec) => ({ spec, total: totals.sum[spec.name] ?? 0 }));
}

export function formatAmount(spec: FieldSpec, total: number): string {
  return formatNumber(total, spec.hint === 'currency');
}

/** A table of rows, titles linking to their detail pages, with a footer of the totals of amounts (of all the rows, not only those shown). */
async function rowsTable(
  entity: EntityPages,
  records: readonly RowRecord[],
  totals: readonly AmountTotal[],
  actions?: (record: RowRecord, line: HTMLElement) => Child[],
): Promise<HTMLElement> {
  const shown = shownFields(entity);
  const titles = await titlesFor(shown);
  const body = h('tbody');
  for (const record of records) {
    const line = h('tr', {});
    line.append(...shown.map((spec, index) => h('td', { 'data-label': spec.label }, index === 0 ? rowLink(entity, record) : valueNode(spec, record, titles))));
    if (actions) line.append(h('td', { class: 'actions' }, ...actions(record, line)));
    body.append(line);
  }
  const footer = totals.length
    ? h(
        'tfoot',
        {},
        h(
          'tr',
          { class: 'totals-row' },
          ...shown.map((spec, index) => {
            const total = totals.find((entry) => entry.spec === spec);
            if (total) return h('td', { 'data-label': t().totalOf(spec.label), class: 'total' }, formatAmount(spec, total.total));
            return index === 0 ? h('th', { scope: 'row' }, t().total) : h('td', { class: 'empty-cell' });
          }),
          actions ? h('td', { class: 'empty-cell' }) : null,
        ),
      )
    : null;
  const head = h('thead', {}, h('tr', {}, ...shown.map((spec) => h('th', { scope: 'col' }, spec.label)), actions ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t().actions)) : null));
  return h('div', { class: 'table-wrap' }, h('table', {}, head, body, footer));
}

/** Writing takes a signed-in user unless the entity is open to visitors. */
async function needsSignInToWrite(entity: EntityPages): Promise<boolean> {
  return (entity.userScoped || !entity.openWrites) && (await currentUser()) === null;
}

/** Deletes a row after asking; `done` runs once it is gone. */
function deleteButton(section: HTMLElement, entity: EntityPages, record: RowRecord, done: () => void): HTMLButtonElement {
  const title = titleOf(entity, record);
  const remove = h('button', { class: 'button danger', type: 'button' }, t().delete, h('span', { class: 'visually-hidden' }, ' ' + title));
  remove.addEventListener('click', () => {
    if (!window.confirm(t().confirmDelete(title))) return;
    remove.disabled = true;
    entity.remove(record.id).then(done, (error: unknown) => {
      remove.disabled = false;
      changeFailed(section, entity.label, error);
    });
  });
  return remove;
}

function editLink(entity: EntityPages, record: RowRecord): HTMLElement {
  return h('a', { class: 'button', href: href(detailPath(entity, record.id) + '/edit') }, t().edit, h('span', { class: 'visually-hidden' }, ' ' + titleOf(entity, record)));
}

async function renderList(entity: EntityPages, page: number): Promise<Node> {
  const section = h('section', { class: 'page' });
  section.append(pageHeader(entity.label, h('a', { class: 'button primary', href: href(entity.path + '/new') }, t().newItem(entity.labelSingular))));
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const result = await loadFor(section, entity, () => Promise.all([entity.page(PAGE_SIZE, (current - 1) * PAGE_SIZE), amountTotals(entity)]).then(([rows, totals]) => ({ ...rows, totals })));
  if (!result) return section;
  if (!result.records.length) {
    section.append(
      h(
        'div',
        { class: 'empty' },
        h('p', {}, current > 1 ? t().noMoreItems(entity.label) : t().noItemsYet(entity.label)),
        h('a', { class: 'button primary', href: href(entity.path + '/new') }, t().addFirst(entity.labelSingular)),
      ),
    );
    return section;
  }
  const status = liveStatus();
  let shown = result.records;
  const table = await rowsTable(entity, shown, result.totals, (record, line) => [
    editLink(entity, record),
    deleteButton(section, entity, record, () => {
      line.remove();
      status.textContent = t().deleted(titleOf(entity, record));
      shown = shown.filter((other) => other.id !== record.id);
      if (!shown.length) navigate(entity.path);
      else void refreshTotals(entity, table);
    }),
  ]);
  section.append(table, status);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  if (pages > 1) {
    section.append(
      h(
        'nav',
        { class: 'pagination', 'aria-label': t().pages },
        current > 1 ? h('a', { class: 'button', href: href(entity.path + '/page/' + (current - 1)) }, t().previous) : null,
        h('span', {}, t().pageOf(current, pages)),
        current < pages ? h('a', { class: 'button', href: href(entity.path + '/page/' + (current + 1)) }, t().next) : null,
      ),
    );
  }
  return section;
}

/** After a row left a table, its totals are asked again: those of the rows still there. */
async function refreshTotals(entity: EntityPages, table: HTMLElement): Promise<void> {
  const footer = table.querySelector('tfoot');
  const fresh = (await rowsTable(entity, [], await amountTotals(entity).catch(() => []))).querySelector('tfoot');
  if (footer && fresh) footer.replaceWith(fresh);
}

async function renderForm(entity: EntityPages, id: number | null, params: RouteParams): Promise<Node> {
  const section = h('section', { class: 'page' });
  section.append(pageHeader(id === null ? t().newItem(entity.labelSingular) : t().editItem(entity.labelSingular), h('a', { class: 'button', href: href(entity.path) }, t().backTo(entity.label))));
  if (entity.userScoped && (await currentUser()) === null) {
    section.append(signInNotice(entity.label));
    return section;
  }
  if (await needsSignInToWrite(entity)) {
    section.append(signInToWriteNotice(entity.label));
    return section;
  }
  let values: FormValues = {};
  if (id !== null) {
    if (!Number.isInteger(id)) {
      section.append(notice(t().noSuchItem(entity.labelSingular), 'error'));
      return section;
    }
    const record = await loadFor(section, entity, () => entity.record(id));
    if (!record) return section;
    values = record.values;
  }
  // A new row started from the page of the row it points at (?trip=3) points at it already, and goes back there.
  let back = entity.path;
  for (const spec of entity.fields) {
    const target = entityNamed(spec.entity);
    const preset = Number(params[spec.name]);
    if (id !== null || !target || !Number.isInteger(preset)) continue;
    values[spec.name] = spec.kind === 'references' ? [preset] : preset;
    back = detailPath(target, preset);
  }
  const form = h('form', { class: 'form', novalidate: true });
  const controls = new Map<string, FieldControl>();
  const choices = await Promise.all(entity.fields.map((spec) => choicesFor(spec)));
  entity.fields.forEach((spec, index) => {
    const control = renderField(spec, values[spec.name], choices[index]);
    controls.set(spec.name, control);
    form.append(control.element);
  });
  const submit = h('button', { class: 'button primary', type: 'submit' }, id === null ? t().createItem(entity.labelSingular) : t().saveChanges);
  const status = h('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
  form.append(h('div', { class: 'form-actions' }, submit, h('a', { class: 'button', href: href(back) }, t().cancel)), status);

  const showProblems = (problems: { field: string; message: string }[]): void => {
    for (const [name, control] of controls) control.showError(problems.find((problem) => problem.field === name)?.message ?? null);
    const first = problems.find((problem) => controls.has(problem.field));
    if (first) controls.get(first.field)?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = readForm(form, entity.fields);
    const problems = validate(data, entity.fields);
    showProblems(problems);
    if (problems.length) {
      status.textContent = problems.length === 1 ? t().fixField : t().fixFields(problems.length);
      return;
    }
    submit.disabled = true;
    status.textContent = t().saving;
    const saving = id === null ? entity.create(data) : entity.update(id, data);
    saving.then(
      () => navigate(back),
      (error: unknown) => {
        submit.disabled = false;
        status.textContent = errorMessage(error);
        // The session ended meanwhile: ask to sign in and keep what was typed.
        if (error instanceof ApiError && error.status === 401) promptSignIn(section, entity.label);
        else if (error instanceof ApiError) showProblems(error.problems);
      },
    );
  });
  section.append(form);
  return section;
}

/** A row's page: its fields, then the rows of every entity that point at it, with their totals. */
async function renderDetail(entity: EntityPages, id: number): Promise<Node> {
  const section = h('section', { class: 'page' });
  if (!Number.isInteger(id)) {
    section.append(pageHeader(entity.labelSingular), notice(t().noSuchItem(entity.labelSingular), 'error'));
    return section;
  }
  const holder = h('div');
  const record = await loadFor(holder, entity, () => entity.record(id));
  if (!record) {
    section.append(pageHeader(entity.labelSingular), ...Array.from(holder.childNodes));
    return section;
  }
  const title = titleOf(entity, record);
  section.append(
    pageHeader(
      title,
      h('a', { class: 'button', href: href(detailPath(entity, id) + '/edit') }, t().edit),
      deleteButton(section, entity, record, () => navigate(entity.path)),
      h('a', { class: 'button', href: href(entity.path) }, t().backTo(entity.label)),
    ),
  );
  const titles = await titlesFor(entity.fields);
  section.append(
    h('h2', { class: 'visually-hidden' }, t().details),
    h('dl', { class: 'details' }, ...entity.fields.flatMap((spec) => [h('dt', {}, spec.label), h('dd', {}, valueNode(spec, record, titles))])),
  );
  for (const other of registry.values()) {
    for (const spec of other.fields) {
      if (spec.entity !== entity.name || (spec.kind !== 'reference' && spec.kind !== 'references')) continue;
      section.append(await relatedSection(other, spec, entity, record));
    }
  }
  return section;
}

/**
 * The rows of `other` whose `spec` points at `record`: asked of the server with a filter, and checked here too, so
 * an answer that ignored the filter shows the same rows.
 */
async function relatedSection(other: EntityPages, spec: FieldSpec, entity: EntityPages, record: RowRecord): Promise<HTMLElement> {
  const heading = other.fields.filter((candidate) => candidate.entity === entity.name).length > 1 ? t().related(other.label) + ' · ' + spec.label : t().related(other.label);
  const headingId = 'related-' + other.name + '-' + spec.name;
  const section = h('section', { class: 'related', 'aria-labelledby': headingId });
  section.append(
    h(
      'div',
      { class: 'page-header' },
      h('h2', { id: headingId }, heading),
      h('a', { class: 'button', href: href(other.path + '/new?' + encodeURIComponent(spec.name) + '=' + record.id) }, t().addRelated(other.labelSingular)),
    ),
  );
  const filters = { [spec.name]: record.id };
  const loaded = await loadFor(section, other, () => Promise.all([other.records({ filters }), amountTotals(other, filters)]));
  if (!loaded) return section;
  const related = pointingAt(loaded[0], spec.name, record.id);
  if (!related.length) section.append(h('p', { class: 'empty' }, t().noItemsYet(other.label)));
  else section.append(await rowsTable(other, related, loaded[1]));
  return section;
}
