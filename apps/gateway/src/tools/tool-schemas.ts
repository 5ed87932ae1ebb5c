import { AppIdField, Closed, Named, StringEnum, Type, type Static } from '@appgen/contracts';
import { GenerateToolBody } from './generate-tool';
import { TOOL_NAMES } from './tool-catalogue';

/** Body of POST /mcp/execute_tool; `params` is checked against the named tool's own input_schema. */
export const ExecuteToolBody = Named(
  'ExecuteToolRequest',
  Closed({
    tool: StringEnum(TOOL_NAMES, { description: 'an unknown tool is 422', example: 'svc-view-file' }),
    app_id: Type.Optional({ ...AppIdField, description: 'the app to act on; required by every tool except svc-generate-app (422 without it)' }),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "the tool's parameters, as its `input_schema` from GET /mcp/tools describes them (422 otherwise)",
        example: { path: 'src/main.ts' },
      }),
    ),
  }),
);
export type ExecuteToolBody = Static<typeof ExecuteToolBody>;

export const ToolList = Named(
  'ToolList',
  Closed({
    tools: Type.Array(
      Named(
        'ToolDescription',
        Closed({
          name: Type.String({ example: 'svc-view-file' }),
          description: Type.String({ description: 'what the tool does, whether it needs app_id and which permission it needs' }),
          input_schema: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema (2020-12) of the `params` object' }),
        }),
      ),
    ),
  }),
);

/** What POST /mcp/execute_tool answers: the generate tool's own body (contract 4.7), or `{success, result}`. */
export const ExecuteToolResponse = Named(
  'ExecuteToolResponse',
  Type.Union([
    Closed({
      success: Type.Literal(true),
      result: Type.Unknown({
        description:
          "the tool's result: svc-view-file `{file}`; svc-list-files `{app_id, files, count}`; svc-write-file and svc-delete-file " +
          '`{file, version, build: {status, errors}}`; svc-create-entity `{entity}`; svc-query-data `{rows, total, next_offset}`; ' +
          'svc-insert-data and svc-update-data `{row}`; svc-delete-data `{success}`',
      }),
    }),
    GenerateToolBody,
  ]),
);
