import 'reflect-metadata';
import { ListAppsQueryDto } from '../managed-apps/dto/app-requests.dto';
import { ApiValidationPipe } from './api-validation.pipe';
import { PageQueryDto, paginated } from './pagination';
import { AppgenError } from '@appgen/service-kit';

const pipe = new ApiValidationPipe();

async function parse(query: Record<string, string>, metatype: new () => PageQueryDto = PageQueryDto): Promise<PageQueryDto> {
  const value = await pipe.transform(query, { type: 'query', metatype });
  if (!(value instanceof PageQueryDto)) throw new Error('the pipe did not produce the DTO');
  return value;
}

async function refusal(query: Record<string, string>): Promise<AppgenError> {
  try {
    await parse(query);
  } catch (error) {
    if (error instanceof AppgenError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(query)} was accepted`);
}

describe('pagination', () => {
  it('defaults to page 1 of 25', async () => {
    expect(paginated(await parse({}))).toEqual({ page: 1, per_page: 25 });
  });

  it('reads integers from the query string', async () => {
    expect(paginated(await parse({ page: '3', per_page: '10' }))).toEqual({ page: 3, per_page: 10 });
  });

  it('serves per_page above 100 as 100 instead of refusing it', async () => {
    expect(paginated(await parse({ per_page: '500' }))).toEqual({ page: 1, per_page: 100 });
    expect(paginated(await parse({ per_page: '100' }))).toEqual({ page: 1, per_page: 100 });
  });

  it.each([
    [{ page: 'abc' }, 'page', 'must be an integer number'],
    [{ page: '1.5' }, 'page', 'must be an integer number'],
    [{ page: '' }, 'page', 'must be an integer number'],
    [{ page: '0' }, 'page', 'must not be less than 1'],
    [{ page: '-2' }, 'page', 'must not be less than 1'],
    [{ per_page: '0' }, 'per_page', 'must not be less than 1'],
    [{ per_page: '2e1' }, 'per_page', 'must be an integer number'],
  ])('refuses %j with 422 on %s', async (query, field, message) => {
    const error = await refusal(query);
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual([{ field, message }]);
  });

  it('refuses query parameters a list does not know', async () => {
    const error = await refusal({ sort: 'name' });
    expect(error.body.errors).toEqual([{ field: 'sort', message: 'is not a permitted field' }]);
  });

  it("keeps a list's own filters beside the page", async () => {
    const query = await parse({ status: 'draft', name: '  todo ', per_page: '1000' }, ListAppsQueryDto);
    expect(query).toMatchObject({ status: 'draft', name: 'todo' });
    expect(paginated(query)).toEqual({ page: 1, per_page: 100 });
  });
});
