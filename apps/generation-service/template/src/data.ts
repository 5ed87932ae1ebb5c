/**
 * What the views compute from rows, with no DOM and no server: references, board columns and counts per option, ranks,
 * calendar months and what is coming up (totals are the server's, over all rows). Pure functions, unit-tested beside
 * the template.
 */
import type { FieldValue } from './api';

/** A row of any entity as the views handle it: its id and its values by field name. */
export interface RowRecord {
  id: number;
  values: Record<string, FieldValue>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The row ids a reference or references value holds: an id, a list of ids, or rows the server expanded in their
 * place (`{id, ...}`), so a view reads either answer of the API.
 */
export function referenceIds(value: FieldValue | undefined): number[] {
  const one = (item: unknown): number[] => {
    if (typeof item === 'number' && Number.isInteger(item)) return [item];
    if (isRecord(item) && typeof item.id === 'number') return [item.id];
    return [];
  };
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/** The rows whose `field` points at the row `id`. */
export function pointingAt(records: readonly RowRecord[], field: string, id: number): RowRecord[] {
  return records.filter((record) => referenceIds(record.values[field]).includes(id));
}

export interface BoardColumn {
  /** the option, or null for rows without one of the options */
  option: string | null;
  records: RowRecord[];
}

/** A board's columns: one per option in order, then one of rows with none of them when there are such rows. */
export function boardColumns(records: readonly RowRecord[], field: string, options: readonly string[]): BoardColumn[] {
  const columns: BoardColumn[] = options.map((option) => ({ option, records: [] }));
  const unassigned: RowRecord[] = [];
  for (const record of records) {
    const value = record.values[field];
    const column = columns.find((candidate) => candidate.option === value);
    if (column) column.records.push(record);
    else unassigned.push(record);
  }
  return unassigned.length ? [...columns, { option: null, records: unassigned }] : columns;
}

/** How many rows hold one option of a select (null: rows with none of the options). */
export interface OptionCount {
  option: string | null;
  count: number;
}

/**
 * Counts per option from the server's groups of a select field (TotalsGroup of the API): every option in order, those
 * without rows too, then the rows with none of the options (no value, or one no longer offered) when there are any.
 */
export function optionCounts(groups: readonly { value: unknown; count: number }[], options: readonly string[]): OptionCount[] {
  const counts: OptionCount[] = options.map((option) => ({ option, count: groups.find((group) => group.value === option)?.count ?? 0 }));
  const others = groups.filter((group) => typeof group.value !== 'string' || !options.includes(group.value)).reduce((sum, group) => sum + group.count, 0);
  return others > 0 ? [...counts, { option: null, count: others }] : counts;
}

export interface Ranked {
  /** 1 for the highest score; rows with equal scores share a rank (1, 2, 2, 4); null without a score */
  rank: number | null;
  record: RowRecord;
}

/**
 * Rows by a number field, highest first, rows without a number last; ties keep their order. Given the top rows as the
 * server sorts them (`-field`), the ranks are those among all rows, since every row above a given one is given too.
 */
export function ranked(records: readonly RowRecord[], field: string): Ranked[] {
  const score = (record: RowRecord): number | null => {
    const value = record.values[field];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  const scored = records.filter((record) => score(record) !== null);
  const sorted = scored
    .map((record, index) => ({ record, index, value: score(record) ?? 0 }))
    .sort((a, b) => b.value - a.value || a.index - b.index);
  const result: Ranked[] = sorted.map((entry, position) => ({ rank: position + 1, record: entry.record }));
  for (let position = 1; position < sorted.length; position += 1) {
    if (sorted[position].value === sorted[position - 1].value) result[position].rank = result[position - 1].rank;
  }
  return [...result, ...records.filter((record) => score(record) === null).map((record) => ({ rank: null, record }))];
}

// --- days and months -----------------------------------------------------------------------------------------

function pad(value: number): string {
  return value < 10 ? '0' + value : String(value);
}

/** A date as YYYY-MM-DD in the user's time zone. */
export function dayKey(date: Date): string {
  return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate());
}

/** The day (YYYY-MM-DD) a date or datetime value falls on, in the user's time zone; null when it is none. */
export function dayOf(value: FieldValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dayKey(date);
}

/** YYYY-MM of a day (YYYY-MM-DD). */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** A month (YYYY-MM) if the text is one. */
export function parseMonth(text: string | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}$/.test(text)) return null;
  const month = Number(text.slice(5));
  return month >= 1 && month <= 12 ? text : null;
}

/** The month `delta` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + delta;
  return Math.floor(index / 12) + '-' + pad((index % 12) + 1);
}

export interface CalendarDay {
  day: string;
  inMonth: boolean;
}

/**
 * The weeks of a month's grid, each of seven days from `weekStartsOn` (0 Sunday, 1 Monday), with the days of the
 * months around it that fill the first and last week.
 */
export function monthGrid(month: string, weekStartsOn = 1): CalendarDay[][] {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5)) - 1;
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let cell = 0; cell < cells; cell += 1) {
    const date = new Date(Date.UTC(year, monthIndex, 1 - lead + cell));
    const day = date.getUTCFullYear() + '-' + pad(date.getUTCMonth() + 1) + '-' + pad(date.getUTCDate());
    if (cell % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push({ day, inMonth: date.getUTCMonth() === monthIndex });
  }
  return weeks;
}

/** Bounds of a rows query on a date or datetime field (the API's filters[field][gte|lt|lte]). */
export interface DayBounds {
  gte: string;
  lt?: string;
  lte?: string;
}

/** The instant a day (YYYY-MM-DD) starts in the user's time zone. */
function startOfDay(day: string, offsetDays = 0): string {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)) + offsetDays).toISOString();
}

/**
 * The rows dated from the day `from` to the day `to` (YYYY-MM-DD, both included; no end when `to` is absent) in
 * the user's time zone: the days themselves for a date field, and for a datetime field the instants those days
 * start and end at, so a row at 23:30 on the last day is in and one at 00:10 after it is not.
 */
export function dayBounds(kind: 'date' | 'datetime', from: string, to?: string): DayBounds {
  if (kind === 'date') return to === undefined ? { gte: from } : { gte: from, lte: to };
  return to === undefined ? { gte: startOfDay(from) } : { gte: startOfDay(from), lt: startOfDay(to, 1) };
}

/** Rows by the day their date field falls on, each day's rows in their order. */
export function byDay(records: readonly RowRecord[], field: string): Map<string, RowRecord[]> {
  const days = new Map<string, RowRecord[]>();
  for (const record of records) {
    const day = dayOf(record.values[field]);
    if (day === null) continue;
    const list = days.get(day);
    if (list) list.push(record);
    else days.set(day, [record]);
  }
  return days;
}

/** Rows dated today or later, soonest first (by value, so times of a day keep their order), at most `limit`. */
export function upcoming(records: readonly RowRecord[], field: string, today: string, limit: number): RowRecord[] {
  const dated = records.flatMap((record) => {
    const value = record.values[field];
    const day = dayOf(value);
    return day !== null && day >= today && typeof value === 'string' ? [{ record, sortKey: day + value }] : [];
  });
  return dated
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .slice(0, limit)
    .map((entry) => entry.record);
}
