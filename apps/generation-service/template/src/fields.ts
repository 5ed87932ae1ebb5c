/** Form fields: one input per field type, reading and checking what the user typed, and showing values. */
import type { FieldProblem, FieldValue } from './api';
import { referenceIds } from './data';
import { h, uniqueId } from './dom';
import { language, t } from './i18n';

export type FieldKind = 'text' | 'long_text' | 'email' | 'url' | 'tel' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'select' | 'multiselect' | 'tags' | 'json' | 'reference' | 'references';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  hint?: string;
  options?: readonly string[];
  min?: number;
  max?: number;
  /** a reference or references field: the entity whose rows it points at */
  entity?: string;
  /** a number field that holds money or an amount: lists and detail pages show its total */
  amount?: boolean;
}

/** A row a reference field may point at: its id and what it is called. */
export interface Choice {
  id: number;
  title: string;
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

/** The input of one field; `choices` are the rows a reference or references field may point at. */
export function renderField(spec: FieldSpec, value: FieldValue | undefined, choices: readonly Choice[] = []): FieldControl {
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
  } else if (spec.kind === 'multiselect' || spec.kind === 'references') {
    const chosen = spec.kind === 'references' ? referenceIds(value).map(String) : Array.isArray(value) ? value.map(String) : [];
    const items = spec.kind === 'references' ? choices.map((choice) => ({ value: String(choice.id), text: choice.title })) : (spec.options ?? []).map((option) => ({ value: option, text: option }));
    const boxes = items.map((item, index) => {
      const optionId = id + '-' + index;
      return h('label', { class: 'choice', for: optionId }, h('input', { type: 'checkbox', id: optionId, name: spec.name, value: item.value, checked: chosen.includes(item.value) }), ' ' + item.text);
    });
    control = h('div', { class: 'choices' }, ...boxes);
    focusTarget = boxes.length ? boxes[0] : control;
    wrapper = h('fieldset', { class: 'field', 'aria-describedby': describedBy }, h('legend', {}, spec.label, requiredMark), control, hint, error);
  } else {
    if (spec.kind === 'long_text' || spec.kind === 'json') {
      control = h('textarea', { ...common, rows: spec.kind === 'json' ? 6 : 4 }, asText(value));
    } else if (spec.kind === 'select' || spec.kind === 'reference') {
      const current = spec.kind === 'reference' ? String(referenceIds(value)[0] ?? '') : typeof value === 'string' ? value : '';
      const items = spec.kind === 'reference' ? choices.map((choice) => ({ value: String(choice.id), text: choice.title })) : (spec.options ?? []).map((option) => ({ value: option, text: option }));
      control = h(
        'select',
        common,
        h('option', { value: '', selected: current === '' }, spec.required ? t().choose : t().none),
        ...items.map((item) => h('option', { value: item.value, selected: item.value === current }, item.text)),
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
        placeholder: spec.kind === 'tags' ? t().tagsPlaceholder : undefined,
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
      case 'reference':
        values[spec.name] = raw === '' ? null : Number(raw);
        break;
      case 'references':
        values[spec.name] = data
          .getAll(spec.name)
          .map((entry) => (typeof entry === 'string' ? Number(entry) : NaN))
          .filter((id) => Number.isInteger(id));
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
      if (spec.required && spec.kind !== 'boolean') problem(t().isRequired(spec.label));
      continue;
    }
    if ((spec.kind === 'integer' || spec.kind === 'number') && typeof value === 'number') {
      if (!Number.isFinite(value)) problem(t().mustBeNumber(spec.label));
      else if (spec.kind === 'integer' && !Number.isInteger(value)) problem(t().mustBeWhole(spec.label));
      else if (spec.min !== undefined && value < spec.min) problem(t().atLeast(spec.label, spec.min));
      else if (spec.max !== undefined && value > spec.max) problem(t().atMost(spec.label, spec.max));
    } else if (spec.kind === 'email' && typeof value === 'string' && !EMAIL.test(value)) {
      problem(t().mustBeEmail(spec.label));
    } else if (spec.kind === 'url' && typeof value === 'string' && !/^https?:\/\/\S+$/i.test(value)) {
      problem(t().mustBeUrl(spec.label));
    } else if (spec.kind === 'date' && typeof value === 'string' && !DATE.test(value)) {
      problem(t().mustBeDate(spec.label));
    } else if (spec.kind === 'datetime' && typeof value === 'string' && Number.isNaN(Date.parse(value))) {
      problem(t().mustBeDateTime(spec.label));
    } else if (spec.kind === 'select' && typeof value === 'string' && !(spec.options ?? []).includes(value)) {
      problem(t().mustBeChoice(spec.label));
    } else if (spec.kind === 'json' && typeof value === 'string') {
      problem(t().mustBeJson(spec.label));
    }
  }
  return problems;
}

/** A number as the app's language writes it; money always with two decimals. */
export function formatNumber(value: number, money = false): string {
  return new Intl.NumberFormat(language(), money ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 2 }).format(value);
}

/** A day (YYYY-MM-DD) as the app's language writes it. */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Date(day + 'T00:00:00').toLocaleDateString(language(), options);
}

/** A value as text for lists; a reference shows its row's title when `titles` knows it. */
export function formatValue(spec: FieldSpec, value: FieldValue | undefined, titles?: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined || value === '') return t().none;
  if (spec.kind === 'reference' || spec.kind === 'references') {
    const ids = referenceIds(value);
    return ids.length ? ids.map((id) => titles?.get(id) ?? '#' + id).join(', ') : t().none;
  }
  if (typeof value === 'boolean') return value ? t().yes : t().no;
  if (Array.isArray(value)) return value.length ? value.join(', ') : t().none;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (spec.hint === 'currency') return formatNumber(value, true);
    if (spec.max !== undefined && spec.min !== undefined && spec.min <= 1) return formatNumber(value) + ' / ' + spec.max;
    return formatNumber(value) + (spec.hint && /^[a-z% ]+$/i.test(spec.hint) && spec.hint.length <= 16 ? ' ' + spec.hint : '');
  }
  if (spec.kind === 'date' && DATE.test(value)) return formatDay(value);
  if (spec.kind === 'datetime') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleString(language());
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
    return Array.isArray(value) ? options.filter((option) => value.some((item) => item === option)) : [];
  }

  list(name: string): string[] {
    const value = this.values[name];
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  }

  reference(name: string): number | null {
    return referenceIds(this.values[name])[0] ?? null;
  }

  requiredReference(name: string): number {
    return this.reference(name) ?? missing(name);
  }

  references(name: string): number[] {
    return referenceIds(this.values[name]);
  }

  json(name: string): Record<string, unknown> | null {
    const value = this.values[name];
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  }

  requiredJson(name: string): Record<string, unknown> {
    return this.json(name) ?? missing(name);
  }
}
