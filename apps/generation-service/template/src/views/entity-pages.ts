/** The list, create and edit pages every entity gets, built from its view (fields, typed client, conversions). */
import { ApiError, type BaseRow, type EntityClient } from '../api';
import { h } from '../dom';
import { formatValue, readForm, renderField, validate, type FieldControl, type FieldSpec, type FormValues } from '../fields';
import { href, navigate, type Route } from '../router';
import { currentUser } from '../session';
import { errorMessage, notice, pageHeader, signInNotice, signInToWriteNotice } from './ui';

export interface EntityView<Row extends BaseRow, Input> {
  name: string;
  path: string;
  label: string;
  labelSingular: string;
  userScoped: boolean;
  /** visitors who are not signed in may add, change and delete rows too */
  openWrites: boolean;
  fields: readonly FieldSpec[];
  api: EntityClient<Row, Input>;
  toValues(row: Row): FormValues;
  fromValues(values: FormValues): Input;
}

/** An entity's pages without its row type, so the shell can hold entities of different types in one list. */
export interface EntityPages {
  name: string;
  path: string;
  label: string;
  userScoped: boolean;
  routes: Route[];
  count(): Promise<number | null>;
}

const PAGE_SIZE = 25;

function lower(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function entityPages<Row extends BaseRow, Input>(view: EntityView<Row, Input>): EntityPages {
  return {
    name: view.name,
    path: view.path,
    label: view.label,
    userScoped: view.userScoped,
    routes: [
      { path: view.path, title: view.label, render: () => renderList(view, 1) },
      { path: view.path + '/page/:page', title: view.label, render: (params) => renderList(view, Number(params.page)) },
      { path: view.path + '/new', title: 'New ' + lower(view.labelSingular), render: () => renderForm(view, null) },
      { path: view.path + '/:id/edit', title: 'Edit ' + lower(view.labelSingular), render: (params) => renderForm(view, Number(params.id)) },
    ],
    async count() {
      if (view.userScoped && !(await currentUser())) return null;
      try {
        return (await view.api.list({ limit: 1 })).total;
      } catch {
        return null;
      }
    },
  };
}

async function needsSignIn(view: { userScoped: boolean }): Promise<boolean> {
  return view.userScoped && (await currentUser()) === null;
}

/** Writing takes a signed-in user unless the entity is open to visitors. */
async function needsSignInToWrite(view: { userScoped: boolean; openWrites: boolean }): Promise<boolean> {
  return (view.userScoped || !view.openWrites) && (await currentUser()) === null;
}

/** Asks to sign in above the page's content, once, when the server says a change needs a session. */
function promptSignIn(section: HTMLElement, label: string): void {
  if (section.querySelector('.sign-in-prompt')) return;
  section.insertBefore(signInToWriteNotice(label), section.children[1] ?? null);
}

async function renderList<Row extends BaseRow, Input>(view: EntityView<Row, Input>, page: number): Promise<Node> {
  const section = h('section', { class: 'page' });
  section.append(pageHeader(view.label, h('a', { class: 'button primary', href: href(view.path + '/new') }, 'New ' + lower(view.labelSingular))));
  if (await needsSignIn(view)) {
    section.append(signInNotice(view.label));
    return section;
  }
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  let rows: Row[];
  let total: number;
  try {
    const result = await view.api.list({ limit: PAGE_SIZE, offset: (current - 1) * PAGE_SIZE });
    rows = result.rows;
    total = result.total;
  } catch (error) {
    section.append(error instanceof ApiError && error.status === 401 ? signInNotice(view.label) : notice(errorMessage(error), 'error'));
    return section;
  }
  if (!rows.length) {
    section.append(
      h('div', { class: 'empty' }, h('p', {}, current > 1 ? 'No more ' + lower(view.label) + '.' : 'No ' + lower(view.label) + ' yet.'), h('a', { class: 'button primary', href: href(view.path + '/new') }, 'Add the first ' + lower(view.labelSingular))),
    );
    return section;
  }
  const shown = view.fields.slice(0, 4);
  const status = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  const body = h('tbody');
  for (const row of rows) {
    const values = view.toValues(row);
    const title = formatValue(shown[0], values[shown[0].name]);
    const remove = h('button', { class: 'button danger', type: 'button' }, 'Delete', h('span', { class: 'visually-hidden' }, ' ' + title));
    const line = h(
      'tr',
      {},
      ...shown.map((spec, index) =>
        h('td', { 'data-label': spec.label }, index === 0 ? h('a', { href: href(view.path + '/' + row.id + '/edit') }, title) : formatValue(spec, values[spec.name])),
      ),
      h('td', { class: 'actions' }, h('a', { class: 'button', href: href(view.path + '/' + row.id + '/edit') }, 'Edit', h('span', { class: 'visually-hidden' }, ' ' + title)), remove),
    );
    remove.addEventListener('click', () => {
      if (!window.confirm('Delete "' + title + '"? This cannot be undone.')) return;
      remove.disabled = true;
      view.api.remove(row.id).then(
        () => {
          line.remove();
          status.textContent = 'Deleted ' + title + '.';
          if (!body.children.length) navigate(view.path);
        },
        (error: unknown) => {
          remove.disabled = false;
          if (error instanceof ApiError && error.status === 401) promptSignIn(section, view.label);
          else section.insertBefore(notice(errorMessage(error), 'error'), section.children[1] ?? null);
        },
      );
    });
    body.append(line);
  }
  section.append(
    h('div', { class: 'table-wrap' }, h('table', {}, h('thead', {}, h('tr', {}, ...shown.map((spec) => h('th', { scope: 'col' }, spec.label)), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))), body)),
    status,
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages > 1) {
    section.append(
      h(
        'nav',
        { class: 'pagination', 'aria-label': 'Pages' },
        current > 1 ? h('a', { class: 'button', href: href(view.path + '/page/' + (current - 1)) }, 'Previous') : null,
        h('span', {}, 'Page ' + current + ' of ' + pages),
        current < pages ? h('a', { class: 'button', href: href(view.path + '/page/' + (current + 1)) }, 'Next') : null,
      ),
    );
  }
  return section;
}

async function renderForm<Row extends BaseRow, Input>(view: EntityView<Row, Input>, id: number | null): Promise<Node> {
  const section = h('section', { class: 'page' });
  section.append(pageHeader((id === null ? 'New ' : 'Edit ') + lower(view.labelSingular), h('a', { class: 'button', href: href(view.path) }, 'Back to ' + lower(view.label))));
  if (await needsSignIn(view)) {
    section.append(signInNotice(view.label));
    return section;
  }
  if (await needsSignInToWrite(view)) {
    section.append(signInToWriteNotice(view.label));
    return section;
  }
  let values: FormValues = {};
  if (id !== null) {
    if (!Number.isInteger(id)) {
      section.append(notice('There is no such ' + lower(view.labelSingular) + '.', 'error'));
      return section;
    }
    try {
      values = view.toValues(await view.api.get(id));
    } catch (error) {
      section.append(notice(errorMessage(error), 'error'));
      return section;
    }
  }
  const form = h('form', { class: 'form', novalidate: true });
  const controls = new Map<string, FieldControl>();
  for (const spec of view.fields) {
    const control = renderField(spec, values[spec.name]);
    controls.set(spec.name, control);
    form.append(control.element);
  }
  const submit = h('button', { class: 'button primary', type: 'submit' }, id === null ? 'Create ' + lower(view.labelSingular) : 'Save changes');
  const status = h('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
  form.append(h('div', { class: 'form-actions' }, submit, h('a', { class: 'button', href: href(view.path) }, 'Cancel')), status);

  const showProblems = (problems: { field: string; message: string }[]): void => {
    for (const [name, control] of controls) control.showError(problems.find((problem) => problem.field === name)?.message ?? null);
    const first = problems.find((problem) => controls.has(problem.field));
    if (first) controls.get(first.field)?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = readForm(form, view.fields);
    const problems = validate(data, view.fields);
    showProblems(problems);
    if (problems.length) {
      status.textContent = problems.length === 1 ? 'Please fix the highlighted field.' : 'Please fix the ' + problems.length + ' highlighted fields.';
      return;
    }
    submit.disabled = true;
    status.textContent = 'Saving…';
    const input = view.fromValues(data);
    const saving = id === null ? view.api.create(input) : view.api.update(id, input);
    saving.then(
      () => navigate(view.path),
      (error: unknown) => {
        submit.disabled = false;
        if (error instanceof ApiError && error.status === 401) {
          // The session ended meanwhile: ask to sign in and keep what was typed.
          status.textContent = errorMessage(error);
          promptSignIn(section, view.label);
          return;
        }
        if (error instanceof ApiError) showProblems(error.problems);
        status.textContent = errorMessage(error);
      },
    );
  });
  section.append(form);
  return section;
}
