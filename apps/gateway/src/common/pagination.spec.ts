import { Closed, ListAppsQuery, PageQueryFields } from '@appgen/contracts';
import { appgenErrorOf } from '@appgen/testing';
import { ContractPipe } from './contract-input';
import { paginated } from './pagination';

const pageQuery = new ContractPipe(Closed(PageQueryFields), 'query');

function parse(query: Record<string, string>, pipe = pageQuery): { page?: number; per_page?: number } {
  return pipe.transform({ ...query }) as { page?: number; per_page?: number };
}

const refusal = (query: Record<string, string>) => appgenErrorOf(() => parse(query));

describe('pagination', () => {
  it('defaults to page 1 of 25', () => {
    expect(paginated(parse({}))).toEqual({ page: 1, per_page: 25 });
  });

  it('reads integers from the query string', () => {
    expect(paginated(parse({ page: '3', per_page: '10' }))).toEqual({ page: 3, per_page: 10 });
    expect(paginated(parse({ page: ' 2 ' }))).toEqual({ page: 2, per_page: 25 });
  });

  it('serves per_page above 100 as 100 instead of refusing it', () => {
    expect(paginated(parse({ per_page: '500' }))).toEqual({ page: 1, per_page: 100 });
    expect(paginated(parse({ per_page: '100' }))).toEqual({ page: 1, per_page: 100 });
  });

  it.each([
    [{ page: 'abc' }, 'page', 'must be an integer'],
    [{ page: '1.5' }, 'page', 'must be an integer'],
    [{ page: '' }, 'page', 'must be an integer'],
    [{ page: '0' }, 'page', 'must not be less than 1'],
    [{ page: '-2' }, 'page', 'must not be less than 1'],
    [{ page: '2147483648' }, 'page', 'must not be greater than 2147483647'],
    [{ per_page: '0' }, 'per_page', 'must not be less than 1'],
    [{ per_page: 'ten' }, 'per_page', 'must be an integer'],
    [{ per_page: '2e1' }, 'per_page', 'must be an integer'],
  ])('refuses %j with 422 on %s', (query, field, message) => {
    const error = refusal(query);
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual([{ field, message }]);
  });

  it('refuses query parameters a list does not know', () => {
    const error = refusal({ sort: 'name' });
    expect(error.body.errors).toEqual([{ field: 'sort', message: 'is not a permitted field' }]);
  });

  it("keeps a list's own filters beside the page", () => {
    const query = parse({ status: 'draft', name: '  todo ', per_page: '1000' }, new ContractPipe(ListAppsQuery, 'query'));
    expect(query).toMatchObject({ status: 'draft', name: 'todo' });
    expect(paginated(query)).toEqual({ page: 1, per_page: 100 });
  });
});
