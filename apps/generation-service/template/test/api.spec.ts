import { queryString } from '../src/api';

describe('query strings', () => {
  it('sends filters and ranges as filters[field] and filters[field][bound], after the other parameters', () => {
    const query = queryString(
      { filters: { trip: 7, stage: 'paid' }, ranges: { spent_on: { gte: '2025-03-01', lt: '2025-04-01' } } },
      { sum: 'amount,nights', group_by: 'stage', limit: undefined, offset: 0 },
    );
    expect(query.startsWith('?')).toBe(true);
    expect([...new URLSearchParams(query.slice(1))]).toEqual([
      ['sum', 'amount,nights'],
      ['group_by', 'stage'],
      ['offset', '0'],
      ['filters[trip]', '7'],
      ['filters[stage]', 'paid'],
      ['filters[spent_on][gte]', '2025-03-01'],
      ['filters[spent_on][lt]', '2025-04-01'],
    ]);
  });

  it('leaves out parameters without a value, and the ? when nothing is left', () => {
    expect(queryString({}, { sum: '', group_by: undefined })).toBe('');
    expect(queryString({}, { order_by: '-score', limit: 100 })).toBe('?order_by=-score&limit=100');
  });
});
