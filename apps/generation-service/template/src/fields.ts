/** Form fields: one input per field type, reading and checking what the user typed, and showing values. */
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
