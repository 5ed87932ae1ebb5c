import { boardColumns, byDay, dayBounds, dayOf, monthGrid, optionCounts, parseMonth, pointingAt, ranked, referenceIds, shiftMonth, upcoming, type RowRecord } from '../src/data';

const row = (id: number, values: RowRecord['values']): RowRecord => ({ id, values });

describe('references', () => {
  it('reads ids, lists of ids and rows the server expanded in their place', () => {
    expect(referenceIds(3)).toEqual([3]);
    expect(referenceIds([1, 2])).toEqual([1, 2]);
    expect(referenceIds({ id: 7, name: 'Ada' })).toEqual([7]);
    expect(referenceIds(null)).toEqual([]);
    expect(referenceIds('3')).toEqual([]);
  });

  it('finds the rows pointing at a row through a reference or a references field', () => {
    const rows = [row(1, { trip: 5, people: [2, 3] }), row(2, { trip: 6, people: [3] }), row(3, { trip: null, people: [] })];
    expect(pointingAt(rows, 'trip', 5).map((r) => r.id)).toEqual([1]);
    expect(pointingAt(rows, 'people', 3).map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('counts per option', () => {
  it("puts the server's groups (largest first) in the options' order, with empty options, and rows with none of them last", () => {
    const groups = [
      { value: 'ready', count: 7, sum: {} },
      { value: null, count: 2, sum: {} },
      { value: 'idea', count: 3, sum: {} },
      { value: 'dropped', count: 1, sum: {} },
    ];
    expect(optionCounts(groups, ['idea', 'rehearsing', 'ready'])).toEqual([
      { option: 'idea', count: 3 },
      { option: 'rehearsing', count: 0 },
      { option: 'ready', count: 7 },
      { option: null, count: 3 },
    ]);
    expect(optionCounts([{ value: 'idea', count: 1 }], ['idea', 'ready'])).toEqual([
      { option: 'idea', count: 1 },
      { option: 'ready', count: 0 },
    ]);
  });
});

describe('board columns', () => {
  it('keeps the options in order and puts rows with none of them last', () => {
    const rows = [row(1, { stage: 'ready' }), row(2, { stage: 'idea' }), row(3, { stage: null }), row(4, { stage: 'idea' })];
    expect(boardColumns(rows, 'stage', ['idea', 'rehearsing', 'ready']).map((column) => [column.option, column.records.map((r) => r.id)])).toEqual([
      ['idea', [2, 4]],
      ['rehearsing', []],
      ['ready', [1]],
      [null, [3]],
    ]);
    expect(boardColumns([row(1, { stage: 'idea' })], 'stage', ['idea'])).toHaveLength(1);
  });
});

describe('ranking', () => {
  it('ranks the top rows as the server sends them (highest first, equal scores newest first, empty scores last)', () => {
    const top = [row(9, { score: 30 }), row(7, { score: 12 }), row(3, { score: 12 }), row(8, { score: 3 }), row(2, { score: null })];
    expect(ranked(top, 'score').map((entry) => [entry.rank, entry.record.id])).toEqual([
      [1, 9],
      [2, 7],
      [2, 3],
      [4, 8],
      [null, 2],
    ]);
  });

  it('orders by score, highest first, equal scores sharing a rank, rows without a score last', () => {
    const rows = [row(1, { score: 5 }), row(2, { score: 9 }), row(3, { score: null }), row(4, { score: 5 }), row(5, { score: 1 })];
    expect(ranked(rows, 'score').map((entry) => [entry.rank, entry.record.id])).toEqual([
      [1, 2],
      [2, 1],
      [2, 4],
      [4, 5],
      [null, 3],
    ]);
  });
});

describe('days and months', () => {
  it('reads the day of a date or a datetime', () => {
    expect(dayOf('2025-03-09')).toBe('2025-03-09');
    expect(dayOf(new Date(2025, 2, 9, 15, 30).toISOString())).toBe('2025-03-09');
    expect(dayOf('not a date')).toBeNull();
    expect(dayOf(null)).toBeNull();
  });

  it('moves between months across years and checks what a month is', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
    expect(shiftMonth('2025-03', 14)).toBe('2026-05');
    expect(parseMonth('2025-02')).toBe('2025-02');
    expect(parseMonth('2025-13')).toBeNull();
    expect(parseMonth(undefined)).toBeNull();
  });

  it('lays a month out in whole weeks from the first day of the week', () => {
    // March 2025 starts on a Saturday and has 31 days.
    const weeks = monthGrid('2025-03', 1);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0][0]).toEqual({ day: '2025-02-24', inMonth: false });
    expect(weeks[0][5]).toEqual({ day: '2025-03-01', inMonth: true });
    expect(weeks[5][0]).toEqual({ day: '2025-03-31', inMonth: true });
    expect(monthGrid('2025-03', 0)[0][6]).toEqual({ day: '2025-03-01', inMonth: true });
    // February 2021 fills exactly four weeks from Monday.
    expect(monthGrid('2021-02', 1)).toHaveLength(4);
  });

  it('groups rows by day and lists what is coming up, soonest first', () => {
    const rows = [row(1, { on: '2025-03-10' }), row(2, { on: '2025-03-01' }), row(3, { on: '2025-03-10' }), row(4, { on: null }), row(5, { on: '2025-02-01' })];
    expect([...byDay(rows, 'on')].map(([day, list]) => [day, list.map((r) => r.id)])).toEqual([
      ['2025-03-10', [1, 3]],
      ['2025-03-01', [2]],
      ['2025-02-01', [5]],
    ]);
    expect(upcoming(rows, 'on', '2025-03-01', 2).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('day bounds of a query', () => {
  it('bounds a date field by the days themselves, both included, or from a day on', () => {
    expect(dayBounds('date', '2025-02-24', '2025-04-06')).toEqual({ gte: '2025-02-24', lte: '2025-04-06' });
    expect(dayBounds('date', '2025-03-10')).toEqual({ gte: '2025-03-10' });
  });

  it('bounds a datetime field by the instants the days start and end at in the user\'s time zone', () => {
    const bounds = dayBounds('datetime', '2025-02-24', '2025-03-31');
    expect(new Date(bounds.gte).getDate()).toBe(24);
    expect(new Date(bounds.gte).getHours()).toBe(0);
    // The end is the start of the day after the last one: 23:30 on the 31st is inside, midnight after is not.
    expect(bounds.lt).toBe(new Date(2025, 3, 1).toISOString());
    expect(new Date(2025, 2, 31, 23, 30).toISOString() < (bounds.lt ?? '')).toBe(true);
    expect(dayBounds('datetime', '2025-03-10')).toEqual({ gte: new Date(2025, 2, 10).toISOString() });
  });
});
