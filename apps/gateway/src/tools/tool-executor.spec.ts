import { AppgenError } from '@appgen/service-kit';
import type { CatalogueTool } from './tool';
import { findTool } from './tool-catalogue';
import { namedAsSent } from './tool-executor';

function tool(name: string): CatalogueTool {
  const found = findTool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function fieldsOf(error: unknown): unknown {
  if (!(error instanceof AppgenError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.body.errors;
}

describe('namedAsSent: the fields of a 422 from the service a tool calls', () => {
  it('names them as POST /mcp/execute_tool took them: under params, a row field inside data, a column under columns', () => {
    const path = namedAsSent(AppgenError.validation([{ field: 'path', message: 'may not contain ".."' }]), tool('svc-write-file'), 'params.');
    expect(path).toBeInstanceOf(AppgenError);
    expect((path as AppgenError).body).toEqual({
      error: 'validation_failed',
      message: 'params.path may not contain ".."',
      errors: [{ field: 'params.path', message: 'may not contain ".."' }],
    });

    const row = AppgenError.validation([{ field: 'title', message: 'is required' }]);
    expect(fieldsOf(namedAsSent(row, tool('svc-insert-data'), 'params.'))).toEqual([{ field: 'params.data.title', message: 'is required' }]);
    expect(fieldsOf(namedAsSent(row, tool('svc-update-data'), 'params.'))).toEqual([{ field: 'params.data.title', message: 'is required' }]);

    const columns = AppgenError.validation([
      { field: 'fields[1].options', message: 'must list the choices of a select as non-empty strings' },
      { field: 'fields', message: 'must not be empty' },
      { field: 'name', message: 'is taken' },
    ]);
    expect(fieldsOf(namedAsSent(columns, tool('svc-create-entity'), 'params.'))).toEqual([
      { field: 'params.columns.1.options', message: 'must list the choices of a select as non-empty strings' },
      { field: 'params.columns', message: 'must not be empty' },
      { field: 'params.name', message: 'is taken' },
    ]);

    const query = AppgenError.validation([{ field: 'filters.title', message: 'must be text' }]);
    expect(fieldsOf(namedAsSent(query, tool('svc-query-data'), 'params.'))).toEqual([{ field: 'params.filters.title', message: 'must be text' }]);
  });

  it('names them as an MCP client sent its arguments (no params root), and leaves what is already named and other failures alone', () => {
    const row = AppgenError.validation([{ field: 'title', message: 'is required' }]);
    expect(fieldsOf(namedAsSent(row, tool('svc-insert-data'), ''))).toEqual([{ field: 'data.title', message: 'is required' }]);
    const path = AppgenError.validation([{ field: 'path', message: 'may not contain ".."' }]);
    expect(namedAsSent(path, tool('svc-view-file'), '')).toBe(path);

    const model = AppgenError.validation([{ field: 'params.model', message: 'must be a model this server offers: blueprint' }]);
    expect(fieldsOf(namedAsSent(model, tool('svc-generate-app'), 'params.'))).toEqual([{ field: 'params.model', message: 'must be a model this server offers: blueprint' }]);
    const missing = AppgenError.notFound('File', 'a.ts');
    expect(namedAsSent(missing, tool('svc-view-file'), 'params.')).toBe(missing);
    const other = new Error('bus down');
    expect(namedAsSent(other, tool('svc-view-file'), 'params.')).toBe(other);
  });
});
