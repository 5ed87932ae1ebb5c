/**
 * The parts of a generated app that are the same for every plan: DOM helpers, the router, form fields, the
 * entity list and form pages, sign-in, the shell and the styles. The renderer adds what is plan-specific
 * (src/api.ts entity types, one view per entity, src/main.ts). Plain DOM and strict TypeScript, no packages.
 *
 * Written as String.raw templates without backticks or interpolation so the code reads as it will be written.
 */

export const DOM_TS = String.raw`/** Small DOM helpers, so views read like the markup they build. */
export type Child = Node | string | number | null | undefined | false;
export type Attributes = Record<string, string | number | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

export function clear(element: Element): void {
  while (element.firstChild) element.removeChild(element.firstChild);
}

let lastId = 0;

/** Ids that tie labels, hints and errors to their inputs. */
export function uniqueId(prefix: string): string {
  lastId += 1;
  return prefix + '-' + lastId;
}
`;

export const API_BASE_TS = String.raw`/**
 * Typed client of the app's server interface, served at /_api on the app's own address: its data (one
 * interface per entity below) and its users' sign-in by e-mailed code. Every failure is an ApiError carrying
 * the server's message and, for invalid input, one problem per field.
 */
export const API_PREFIX = '/_api';

export type FieldValue = string | number | boolean | null | string[] | Record<string, unknown>;

export interface FieldProblem {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problems: FieldProblem[];

  constructor(status: number, code: string, message: string, problems: FieldProblem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.problems = problems;
  }
}

/** Columns every row has. */
export interface BaseRow {
  id: number;
  created_at: string;
  updated_at: string;
}

export interface RowList<Row> {
  rows: Row[];
  total: number;
  next_offset: number | null;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
}

/** The signed-in person; tier is their access tier for this app now (free once a granted tier expired), to gate features by. */
export interface AppUser {
  email: string;
  tier: 'free' | 'basic' | 'pro' | 'premium' | 'enterprise';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFrom(status: number, body: unknown): ApiError {
  const fallback = 'The request failed (' + status + ').';
  if (!isRecord(body)) return new ApiError(status, 'error', fallback);
  const problems: FieldProblem[] = [];
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors) {
      if (isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string') problems.push({ field: entry.field, message: entry.message });
    }
  }
  return new ApiError(status, typeof body.error === 'string' ? body.error : 'error', typeof body.message === 'string' ? body.message : fallback, problems);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(API_PREFIX + path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw errorFrom(response.status, data);
  // the server's contract fixes the shape of each successful answer
  return data as T;
}

export interface EntityClient<Row extends BaseRow, Input> {
  list(options?: ListOptions): Promise<RowList<Row>>;
  get(id: number): Promise<Row>;
  create(input: Input): Promise<Row>;
  update(id: number, input: Partial<Input>): Promise<Row>;
  remove(id: number): Promise<void>;
}

export function entityClient<Row extends BaseRow, Input>(entity: string): EntityClient<Row, Input> {
  const base = '/entities/' + encodeURIComponent(entity);
  return {
    async list(options: ListOptions = {}) {
      // The server ends a page early when its rows are large (it pages by size as well as count): read on
      // from next_offset until the page holds limit rows, so that page numbers keep meaning limit rows each.
      const rows: Row[] = [];
      let offset = options.offset;
      for (;;) {
        const query = new URLSearchParams();
        if (options.limit !== undefined) query.set('limit', String(options.limit - rows.length));
        if (offset !== undefined) query.set('offset', String(offset));
        const suffix = query.toString();
        const page = await request<RowList<Row>>('GET', suffix ? base + '?' + suffix : base);
        rows.push(...page.rows);
        const full = options.limit === undefined || rows.length >= options.limit;
        if (full || page.next_offset === null || page.rows.length === 0) return { rows, total: page.total, next_offset: page.next_offset };
        offset = page.next_offset;
      }
    },
    async get(id: number) {
      return (await request<{ row: Row }>('GET', base + '/' + id)).row;
    },
    async create(input: Input) {
      return (await request<{ row: Row }>('POST', base, input)).row;
    },
    async update(id: number, input: Partial<Input>) {
      return (await request<{ row: Row }>('PATCH', base + '/' + id, input)).row;
    },
    async remove(id: number) {
      await request<{ success: boolean }>('DELETE', base + '/' + id);
    },
  };
}

/** Sign-in of the app's own users: a code is e-mailed, the verified code sets the session cookie. */
export const auth = {
  async requestCode(email: string): Promise<string> {
    return (await request<{ message: string }>('POST', '/auth/request_code', { email })).message;
  },
  async verify(email: string, code: string): Promise<AppUser> {
    return (await request<{ user: AppUser }>('POST', '/auth/verify', { email, code })).user;
  },
  async me(): Promise<AppUser | null> {
    try {
      return (await request<{ user: AppUser }>('GET', '/auth/me')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  async signOut(): Promise<void> {
    await request<{ success: boolean }>('POST', '/auth/sign_out');
  },
};
`;

export const FIELDS_TS = String.raw`/** Form fields: one input per field type, reading and checking what the user typed, and showing values. */
import type { FieldProblem, FieldValue } from './api';
import { h, uniqueId } from './dom';

export type FieldKind = 'text' | 'long_text' | 'email' | 'url' | 'tel' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'select' | 'multiselect' | 'tags' | 'json';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  hint?: string;
  options?: readonly string[];
  min?: number;
  max?: number;
}

export type FormValues = Record<string, FieldValue>;

export interface FieldControl {
  element: HTMLElement;
  focus(): void;
  showError(message: string | null): void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function pad(value: number): string {
  return value < 10 ? '0' + value : String(value);
}

/** An ISO timestamp as the value of a datetime-local input, in the user's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate()) + 'T' + pad(date.getHours()) + ':' + pad(date.getMinutes());
}

function asText(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

export function renderField(spec: FieldSpec, value: FieldValue | undefined): FieldControl {
  const id = uniqueId('field-' + spec.name);
  const hintId = id + '-hint';
  const errorId = id + '-error';
  // 'currency' tells how to show a number, it is no help beside the input
  const hintText = spec.hint && spec.hint !== 'currency' ? spec.hint : null;
  const hint = hintText ? h('p', { class: 'hint', id: hintId }, hintText) : null;
  const error = h('p', { class: 'error', id: errorId, hidden: true });
  const describedBy = (hintText ? hintId + ' ' : '') + errorId;
  const requiredMark = spec.required ? h('span', { class: 'required', 'aria-hidden': 'true' }, ' *') : null;
  const common = { id, name: spec.name, 'aria-describedby': describedBy, required: spec.required };
  let control: HTMLElement;
  let focusTarget: HTMLElement;
  let wrapper: HTMLElement;

  if (spec.kind === 'boolean') {
    const input = h('input', { ...common, type: 'checkbox', required: false, checked: value === true });
    control = input;
    focusTarget = input;
    wrapper = h('div', { class: 'field field-checkbox' }, input, h('label', { for: id }, spec.label), hint, error);
  } else if (spec.kind === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    const boxes = (spec.options ?? []).map((option, index) => {
      const optionId = id + '-' + index;
      return h('label', { class: 'choice', for: optionId }, h('input', { type: 'checkbox', id: optionId, name: spec.name, value: option, checked: chosen.includes(option) }), ' ' + option);
    });
    control = h('div', { class: 'choices' }, ...boxes);
    focusTarget = boxes.length ? boxes[0] : control;
    wrapper = h('fieldset', { class: 'field', 'aria-describedby': describedBy }, h('legend', {}, spec.label, requiredMark), control, hint, error);
  } else {
    if (spec.kind === 'long_text' || spec.kind === 'json') {
      control = h('textarea', { ...common, rows: spec.kind === 'json' ? 6 : 4 }, asText(value));
    } else if (spec.kind === 'select') {
      const current = typeof value === 'string' ? value : '';
      control = h(
        'select',
        common,
        h('option', { value: '', selected: current === '' }, spec.required ? 'Choose…' : '—'),
        ...(spec.options ?? []).map((option) => h('option', { value: option, selected: option === current }, option)),
      );
    } else {
      const types: Record<string, string> = { email: 'email', url: 'url', tel: 'tel', integer: 'number', number: 'number', date: 'date', datetime: 'datetime-local' };
      const input = h('input', {
        ...common,
        type: types[spec.kind] ?? 'text',
        value: spec.kind === 'datetime' && typeof value === 'string' ? toLocalInput(value) : asText(value),
        min: spec.min,
        max: spec.max,
        step: spec.kind === 'integer' ? 1 : spec.kind === 'number' ? 'any' : undefined,
        inputmode: spec.kind === 'integer' ? 'numeric' : spec.kind === 'number' ? 'decimal' : undefined,
        autocomplete: spec.kind === 'email' ? 'email' : spec.kind === 'tel' ? 'tel' : undefined,
        placeholder: spec.kind === 'tags' ? 'comma, separated, tags' : undefined,
      });
      control = input;
    }
    focusTarget = control;
    wrapper = h('div', { class: 'field' }, h('label', { for: id }, spec.label, requiredMark), control, hint, error);
  }

  return {
    element: wrapper,
    focus: () => focusTarget.focus(),
    showError(message: string | null) {
      error.textContent = message ?? '';
      error.hidden = message === null;
      wrapper.classList.toggle('has-error', message !== null);
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) {
        if (message === null) control.removeAttribute('aria-invalid');
        else control.setAttribute('aria-invalid', 'true');
      }
    },
  };
}

function entryText(entry: FormDataEntryValue | null): string {
  return typeof entry === 'string' ? entry.trim() : '';
}

/** What the form holds, converted to each field's type; what cannot be converted is kept for validate() to report. */
export function readForm(form: HTMLFormElement, specs: readonly FieldSpec[]): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const spec of specs) {
    const raw = entryText(data.get(spec.name));
    switch (spec.kind) {
      case 'boolean':
        values[spec.name] = data.get(spec.name) !== null;
        break;
      case 'multiselect':
        values[spec.name] = data.getAll(spec.name).filter((entry): entry is string => typeof entry === 'string');
        break;
      case 'tags':
        values[spec.name] = raw.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
        break;
      case 'integer':
      case 'number':
        values[spec.name] = raw === '' ? null : Number(raw);
        break;
      case 'datetime': {
        const date = new Date(raw);
        values[spec.name] = raw === '' ? null : Number.isNaN(date.getTime()) ? raw : date.toISOString();
        break;
      }
      case 'json':
        if (raw === '') {
          values[spec.name] = null;
        } else {
          try {
            const parsed: unknown = JSON.parse(raw);
            values[spec.name] = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : raw;
          } catch {
            values[spec.name] = raw;
          }
        }
        break;
      default:
        values[spec.name] = raw === '' ? null : raw;
    }
  }
  return values;
}

/** Problems with the values, one per field, in the words a user understands. */
export function validate(values: FormValues, specs: readonly FieldSpec[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const spec of specs) {
    const value = values[spec.name];
    const problem = (message: string): void => {
      problems.push({ field: spec.name, message });
    };
    const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (spec.required && spec.kind !== 'boolean') problem(spec.label + ' is required.');
      continue;
    }
    if ((spec.kind === 'integer' || spec.kind === 'number') && typeof value === 'number') {
      if (!Number.isFinite(value)) problem(spec.label + ' must be a number.');
      else if (spec.kind === 'integer' && !Number.isInteger(value)) problem(spec.label + ' must be a whole number.');
      else if (spec.min !== undefined && value < spec.min) problem(spec.label + ' must be at least ' + spec.min + '.');
      else if (spec.max !== undefined && value > spec.max) problem(spec.label + ' must be at most ' + spec.max + '.');
    } else if (spec.kind === 'email' && typeof value === 'string' && !EMAIL.test(value)) {
      problem(spec.label + ' must be an e-mail address.');
    } else if (spec.kind === 'url' && typeof value === 'string' && !/^https?:\/\/\S+$/i.test(value)) {
      problem(spec.label + ' must be a web address starting with https://');
    } else if (spec.kind === 'date' && typeof value === 'string' && !DATE.test(value)) {
      problem(spec.label + ' must be a date.');
    } else if (spec.kind === 'datetime' && typeof value === 'string' && Number.isNaN(Date.parse(value))) {
      problem(spec.label + ' must be a date and time.');
    } else if (spec.kind === 'select' && typeof value === 'string' && !(spec.options ?? []).includes(value)) {
      problem(spec.label + ' must be one of the listed choices.');
    } else if (spec.kind === 'json' && typeof value === 'string') {
      problem(spec.label + ' must be a JSON object, like {"key": "value"}.');
    }
  }
  return problems;
}

const NUMBER_FORMAT = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const MONEY_FORMAT = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A value as text for lists. */
export function formatValue(spec: FieldSpec, value: FieldValue | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (spec.hint === 'currency') return MONEY_FORMAT.format(value);
    if (spec.max !== undefined && spec.min !== undefined && spec.min <= 1) return NUMBER_FORMAT.format(value) + ' / ' + spec.max;
    return NUMBER_FORMAT.format(value) + (spec.hint && /^[a-z% ]+$/i.test(spec.hint) && spec.hint.length <= 16 ? ' ' + spec.hint : '');
  }
  if (spec.kind === 'date' && DATE.test(value)) return new Date(value + 'T00:00:00').toLocaleDateString();
  if (spec.kind === 'datetime') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
  }
  return value.length > 80 ? value.slice(0, 79) + '…' : value;
}

function missing(name: string): never {
  throw new Error('The field ' + name + ' has no value; validate the form before reading it.');
}

/** Typed reads of form values, used by each entity's view to build its typed input. */
export class ValueReader {
  private readonly values: FormValues;

  constructor(values: FormValues) {
    this.values = values;
  }

  text(name: string): string | null {
    const value = this.values[name];
    return typeof value === 'string' && value !== '' ? value : null;
  }

  requiredText(name: string): string {
    return this.text(name) ?? missing(name);
  }

  number(name: string): number | null {
    const value = this.values[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  }

  requiredNumber(name: string): number {
    return this.number(name) ?? missing(name);
  }

  boolean(name: string): boolean {
    return this.values[name] === true;
  }

  option<T extends string>(name: string, options: readonly T[]): T | null {
    const value = this.values[name];
    return typeof value === 'string' ? (options.find((option) => option === value) ?? null) : null;
  }

  requiredOption<T extends string>(name: string, options: readonly T[]): T {
    return this.option(name, options) ?? missing(name);
  }

  options<T extends string>(name: string, options: readonly T[]): T[] {
    const value = this.values[name];
    return Array.isArray(value) ? options.filter((option) => value.includes(option)) : [];
  }

  list(name: string): string[] {
    const value = this.values[name];
    return Array.isArray(value) ? value : [];
  }

  json(name: string): Record<string, unknown> | null {
    const value = this.values[name];
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  }

  requiredJson(name: string): Record<string, unknown> {
    return this.json(name) ?? missing(name);
  }
}
`;

export const ROUTER_TS = String.raw`/** Hash routing (#/recipes/3/edit): works on any static host, with no server-side fallback needed. */
export type RouteParams = Record<string, string>;

export interface Route {
  path: string;
  title: string;
  render(params: RouteParams): Promise<Node>;
}

export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : '/';
}

export function href(path: string): string {
  return '#' + path;
}

export function navigate(path: string): void {
  if (currentPath() === path) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else window.location.hash = path;
}

export function matchRoute(routes: readonly Route[], path: string): { route: Route; params: RouteParams } | null {
  const parts = path.split('/').filter((part) => part !== '');
  for (const route of routes) {
    const pattern = route.path.split('/').filter((part) => part !== '');
    if (pattern.length !== parts.length) continue;
    const params: RouteParams = {};
    let matches = true;
    for (let index = 0; index < pattern.length; index += 1) {
      const segment = pattern[index];
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(parts[index]);
      else if (segment !== parts[index]) matches = false;
    }
    if (matches) return { route, params };
  }
  return null;
}

export function startRouter(routes: readonly Route[], show: (route: Route | null, params: RouteParams) => Promise<void>): void {
  const run = (): void => {
    const found = matchRoute(routes, currentPath());
    void show(found ? found.route : null, found ? found.params : {});
  };
  window.addEventListener('hashchange', run);
  run();
}
`;

export const SESSION_TS = String.raw`/** Who is signed in, asked of the server once and kept until sign-in or sign-out changes it. */
import { auth, type AppUser } from './api';

// The promise is kept, not the user: parts of a page asking at once share one request.
let user: Promise<AppUser | null> | undefined;
const listeners = new Set<(user: AppUser | null) => void>();

export function currentUser(): Promise<AppUser | null> {
  user ??= auth.me().catch(() => null);
  return user;
}

export function setUser(next: AppUser | null): void {
  user = Promise.resolve(next);
  for (const listener of listeners) listener(next);
}

export function onUserChange(listener: (user: AppUser | null) => void): void {
  listeners.add(listener);
}
`;

export const UI_TS = String.raw`/** Pieces every page uses: its header, notices and the sign-in prompt. */
import { ApiError } from '../api';
import { h, type Child } from '../dom';
import { href } from '../router';

export function pageHeader(title: string, ...actions: Child[]): HTMLElement {
  return h('header', { class: 'page-header' }, h('h1', { tabindex: -1 }, title), h('div', { class: 'page-actions' }, ...actions));
}

export function notice(message: string, kind: 'info' | 'error' = 'info'): HTMLElement {
  return h('p', { class: 'notice notice-' + kind, role: kind === 'error' ? 'alert' : 'status' }, message);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

export function signInNotice(what: string): HTMLElement {
  return h('div', { class: 'notice notice-info' }, h('p', {}, 'Sign in to see and add your ' + what.toLowerCase() + '.'), h('a', { class: 'button primary', href: href('/sign-in') }, 'Sign in'));
}

/** Anyone may read shared entries, but adding, changing and deleting them takes a signed-in user (unless the entity is open). */
export function signInToWriteNotice(what: string): HTMLElement {
  return h('div', { class: 'notice notice-info sign-in-prompt', role: 'status' }, h('p', {}, 'Sign in to add or change ' + what.toLowerCase() + '.'), h('a', { class: 'button primary', href: href('/sign-in') }, 'Sign in'));
}
`;

export const ENTITY_PAGES_TS = String.raw`/** The list, create and edit pages every entity gets, built from its view (fields, typed client, conversions). */
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
`;

export const SIGN_IN_TS = String.raw`/** Sign-in by e-mailed code: the app's users never have a password. */
import { auth } from '../api';
import { clear, h } from '../dom';
import { navigate } from '../router';
import { currentUser, setUser } from '../session';
import { errorMessage, pageHeader } from './ui';

export async function renderSignIn(): Promise<Node> {
  const section = h('section', { class: 'page narrow' });
  const user = await currentUser();
  if (user) {
    const signOut = h('button', { class: 'button', type: 'button' }, 'Sign out');
    signOut.addEventListener('click', () => {
      signOut.disabled = true;
      auth.signOut().then(
        () => {
          setUser(null);
          navigate('/');
        },
        () => {
          signOut.disabled = false;
        },
      );
    });
    section.append(pageHeader('Signed in'), h('p', {}, 'You are signed in as ' + user.email + ', on the ' + user.tier + ' tier.'), signOut);
    return section;
  }
  const body = h('div');
  section.append(pageHeader('Sign in'), body);
  showEmailStep(body, '');
  return section;
}

function showEmailStep(body: HTMLElement, email: string): void {
  clear(body);
  const input = h('input', { id: 'sign-in-email', name: 'email', type: 'email', autocomplete: 'email', required: true, value: email, 'aria-describedby': 'sign-in-status' });
  const submit = h('button', { class: 'button primary', type: 'submit' }, 'Send me a code');
  const status = h('p', { class: 'form-status', id: 'sign-in-status', role: 'status', 'aria-live': 'polite' });
  const form = h('form', { class: 'form', novalidate: true }, h('p', {}, 'Enter your e-mail address and we will send you a sign-in code.'), h('div', { class: 'field' }, h('label', { for: 'sign-in-email' }, 'E-mail address'), input), h('div', { class: 'form-actions' }, submit), status);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = input.value.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      status.textContent = 'Please enter a valid e-mail address.';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    submit.disabled = true;
    status.textContent = 'Sending…';
    auth.requestCode(value).then(
      () => showCodeStep(body, value),
      (error: unknown) => {
        submit.disabled = false;
        status.textContent = errorMessage(error);
      },
    );
  });
  body.append(form);
  input.focus();
}

function showCodeStep(body: HTMLElement, email: string): void {
  clear(body);
  const input = h('input', { id: 'sign-in-code', name: 'code', type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: 6, required: true, 'aria-describedby': 'sign-in-code-status' });
  const submit = h('button', { class: 'button primary', type: 'submit' }, 'Sign in');
  const back = h('button', { class: 'button', type: 'button' }, 'Use another address');
  const status = h('p', { class: 'form-status', id: 'sign-in-code-status', role: 'status', 'aria-live': 'polite' });
  const form = h('form', { class: 'form', novalidate: true }, h('p', {}, 'We sent a 6-digit code to ' + email + '. It is valid for 10 minutes.'), h('div', { class: 'field' }, h('label', { for: 'sign-in-code' }, 'Sign-in code'), input), h('div', { class: 'form-actions' }, submit, back), status);
  back.addEventListener('click', () => showEmailStep(body, email));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      status.textContent = 'The code has 6 digits.';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    submit.disabled = true;
    status.textContent = 'Checking…';
    auth.verify(email, code).then(
      (user) => {
        setUser(user);
        navigate('/');
      },
      (error: unknown) => {
        submit.disabled = false;
        status.textContent = errorMessage(error);
        input.focus();
      },
    );
  });
  body.append(form);
  input.focus();
}
`;

export const HOME_TS = String.raw`/** The start page: what the app is for, and a card per entity with how many rows it has. */
import { h } from '../dom';
import { href } from '../router';
import type { EntityPages } from './entity-pages';

export async function renderHome(title: string, description: string, entities: readonly EntityPages[]): Promise<Node> {
  const counts = await Promise.all(entities.map((entity) => entity.count()));
  return h(
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
          h('p', { class: 'count' }, count === null ? (entity.userScoped ? 'Sign in to see yours' : '—') : count === 1 ? '1 entry' : count + ' entries'),
          h('a', { class: 'button', href: href(entity.path + '/new') }, 'Add new'),
        );
      }),
    ),
  );
}
`;

export const SHELL_TS = String.raw`/** The page frame (header, navigation, main area) and the routes of the whole app. */
import { clear, h } from './dom';
import { href, startRouter, type Route } from './router';
import type { AppUser } from './api';
import { currentUser, onUserChange } from './session';
import type { EntityPages } from './views/entity-pages';
import { renderHome } from './views/home';
import { renderSignIn } from './views/sign-in';
import { pageHeader } from './views/ui';

export interface AppConfig {
  name: string;
  description: string;
  homeTitle: string;
  signIn: boolean;
  entities: EntityPages[];
  /** navigation labels by entity name */
  navigation: Record<string, string>;
}

export function startApp(config: AppConfig): void {
  const root = document.getElementById('app') ?? document.body;
  const main = h('main', { id: 'main', tabindex: -1 });
  const account = h('div', { class: 'account' });
  const links = config.entities.map((entity) => h('a', { href: href(entity.path), 'data-path': entity.path }, config.navigation[entity.name] ?? entity.label));
  const header = h(
    'header',
    { class: 'site-header' },
    h('a', { class: 'skip-link', href: '#main' }, 'Skip to content'),
    h('a', { class: 'brand', href: href('/') }, config.name),
    h('nav', { 'aria-label': 'Main' }, ...links),
    config.signIn ? account : null,
  );
  clear(root);
  root.append(header, main);

  const showAccount = (user: AppUser | null): void => {
    clear(account);
    account.append(
      user
        ? h('a', { href: href('/sign-in') }, user.email, ' ', h('span', { class: 'tier', 'data-tier': user.tier }, user.tier))
        : h('a', { class: 'button primary', href: href('/sign-in') }, 'Sign in'),
    );
  };
  if (config.signIn) {
    onUserChange(showAccount);
    void currentUser().then(showAccount);
  }

  const routes: Route[] = [{ path: '/', title: config.homeTitle, render: () => renderHome(config.homeTitle, config.description, config.entities) }];
  if (config.signIn) routes.push({ path: '/sign-in', title: 'Sign in', render: renderSignIn });
  for (const entity of config.entities) routes.push(...entity.routes);

  let shown = 0;
  startRouter(routes, async (route, params) => {
    shown += 1;
    const ticket = shown;
    for (const link of links) {
      const path = link.getAttribute('data-path') ?? '';
      const active = route !== null && route.path.startsWith(path);
      if (active) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    main.setAttribute('aria-busy', 'true');
    let content: Node;
    try {
      content = route ? await route.render(params) : h('section', { class: 'page' }, pageHeader('Page not found'), h('p', {}, 'There is nothing here. '), h('a', { href: href('/') }, 'Go to the start page'));
    } catch {
      content = h('section', { class: 'page' }, pageHeader('Something went wrong'), h('p', {}, 'This page could not be shown. Please try again.'));
    }
    if (ticket !== shown) return;
    main.removeAttribute('aria-busy');
    clear(main);
    main.append(content);
    document.title = (route ? route.title : 'Page not found') + (route && route.path === '/' ? '' : ' · ' + config.name);
    const heading = main.querySelector('h1');
    if (heading instanceof HTMLElement && ticket > 1) heading.focus();
  });
}
`;

export const STYLES_CSS = String.raw`:root {
  --bg: #f7f7f5;
  --surface: #ffffff;
  --text: #1c1d21;
  --muted: #5b5f6a;
  --border: #d9dbe1;
  --accent: #2952cc;
  --accent-text: #ffffff;
  --danger: #b42318;
  --focus: #f5b400;
  --radius: 8px;
  color-scheme: light dark;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.5;
}

@media (prefers-color-scheme: dark) {
  :root {
    --bg: #16171b;
    --surface: #1f2126;
    --text: #eceef2;
    --muted: #a4a9b6;
    --border: #3a3d46;
    --accent: #7d9bff;
    --accent-text: #0c1020;
    --danger: #ff8a80;
  }
}

* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
h1 { font-size: 1.6rem; margin: 0; }
h1:focus { outline: none; }

.skip-link { position: absolute; left: -999px; top: 0; background: var(--surface); padding: 0.5rem 1rem; }
.skip-link:focus { left: 1rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

.site-header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem 1.5rem; padding: 0.75rem 1.25rem; background: var(--surface); border-bottom: 1px solid var(--border); }
.brand { font-weight: 700; font-size: 1.1rem; color: var(--text); text-decoration: none; }
.site-header nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; flex: 1; }
.site-header nav a { text-decoration: none; padding: 0.25rem 0; border-bottom: 2px solid transparent; }
.site-header nav a[aria-current='page'] { border-bottom-color: var(--accent); color: var(--text); }
.account { margin-left: auto; }
.tier { display: inline-block; margin-left: 0.25rem; padding: 0 0.4rem; border-radius: 999px; background: var(--border); color: var(--text); font-size: 0.8rem; text-transform: capitalize; }

main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
.page.narrow { max-width: 28rem; }
.page-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; margin-bottom: 1.25rem; }
.page-actions { display: flex; gap: 0.5rem; }
.hero { margin-bottom: 1.5rem; }
.lead { color: var(--muted); font-size: 1.1rem; max-width: 40rem; }

.cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 1rem 1.25rem; }
.card h2 { font-size: 1.15rem; margin: 0 0 0.25rem; }
.count { color: var(--muted); margin: 0 0 0.75rem; }

.button { display: inline-flex; align-items: center; gap: 0.25rem; min-height: 2.5rem; padding: 0.45rem 1rem; border-radius: var(--radius); border: 1px solid var(--border); background: var(--surface); color: var(--text); font: inherit; text-decoration: none; cursor: pointer; }
.button:hover { border-color: var(--accent); }
.button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
.button.danger { color: var(--danger); }
.button:disabled { opacity: 0.6; cursor: progress; }

.table-wrap { overflow-x: auto; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.65rem 0.85rem; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-size: 0.85rem; color: var(--muted); font-weight: 600; }
tr:last-child td { border-bottom: none; }
td.actions { white-space: nowrap; text-align: right; }
td.actions .button { margin-left: 0.35rem; }

.pagination { display: flex; align-items: center; justify-content: center; gap: 1rem; margin-top: 1rem; }
.empty, .notice { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 1rem 1.25rem; }
.notice-error { border-color: var(--danger); color: var(--danger); }

.form { display: grid; gap: 1rem; max-width: 40rem; }
.field { display: grid; gap: 0.3rem; border: none; margin: 0; padding: 0; }
.field label, .field legend { font-weight: 600; }
.field legend { padding: 0; margin-bottom: 0.3rem; }
.required { color: var(--danger); }
.field input, .field select, .field textarea { width: 100%; font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.55rem 0.7rem; min-height: 2.5rem; }
.field textarea { resize: vertical; }
.field-checkbox { grid-template-columns: auto 1fr; align-items: center; column-gap: 0.5rem; }
.field-checkbox input { width: 1.25rem; height: 1.25rem; min-height: 0; }
.field-checkbox .hint, .field-checkbox .error { grid-column: 1 / -1; }
.choices { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
.choice { font-weight: 400; display: inline-flex; align-items: center; gap: 0.35rem; }
.choice input { width: auto; min-height: 0; }
.hint { margin: 0; color: var(--muted); font-size: 0.9rem; }
.error { margin: 0; color: var(--danger); font-size: 0.9rem; }
.has-error input, .has-error select, .has-error textarea { border-color: var(--danger); }
.form-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.form-status { margin: 0; color: var(--muted); min-height: 1.5em; }

@media (max-width: 40rem) {
  .site-header { padding: 0.75rem 1rem; }
  main { padding: 1rem 1rem 2rem; }
  table, thead, tbody, tr, td { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  tr { border-bottom: 1px solid var(--border); padding: 0.5rem 0; }
  td { border: none; padding: 0.25rem 0.85rem; }
  td[data-label]::before { content: attr(data-label) ': '; color: var(--muted); font-size: 0.85rem; }
  td.actions { text-align: left; }
  td.actions .button { margin: 0.25rem 0.35rem 0 0; }
}
`;

export const TSCONFIG_JSON = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      strict: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      noImplicitReturns: true,
      noFallthroughCasesInSwitch: true,
      isolatedModules: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: ['src'],
  },
  null,
  2,
)}\n`;
