import { AppsSubjects, Closed, FileContent, FileGlob, RPC_SCHEMAS, SourcePath, Type, type Caller, type FileChangeResponse, type Static } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import { buildPreview } from '../common/preview-build';
import { appOf, defineTool, succeeded, type ToolResult } from './tool';

const FileParams = Closed({ path: SourcePath });
const ListFilesParams = Closed({ pattern: Type.Optional(FileGlob) });
const WriteFileParams = Closed({ path: SourcePath, content: FileContent });

/** A file change makes a new version; building it is the preview rebuild the contract promises. */
async function rebuildPreview(rpc: RpcClient, caller: Caller, change: FileChangeResponse): Promise<ToolResult> {
  const build = await buildPreview(rpc, caller, change.version.app_id, change.version.id);
  return succeeded({ file: change.file, version: change.version, build });
}

export const viewFileTool = defineTool<Static<typeof FileParams>>({
  name: 'svc-view-file',
  description: "Read one of the app's source files. Needs app_id and the apps:read permission.",
  input_schema: FileParams,
  permission: 'apps:read',
  needs_app: true,
  result_schema: RPC_SCHEMAS[AppsSubjects.readFile].response,
  async run(context, params) {
    return succeeded(await context.rpc.request(AppsSubjects.readFile, { caller: context.caller, id: appOf(context), path: params.path }));
  },
});

export const listFilesTool = defineTool<Static<typeof ListFilesParams>>({
  name: 'svc-list-files',
  description: "List the app's source files, optionally those matching a glob such as `src/**/*.ts`. Needs app_id and apps:read.",
  input_schema: ListFilesParams,
  permission: 'apps:read',
  needs_app: true,
  result_schema: RPC_SCHEMAS[AppsSubjects.listFiles].response,
  async run(context, { pattern }) {
    return succeeded(await context.rpc.request(AppsSubjects.listFiles, { caller: context.caller, id: appOf(context), pattern }));
  },
});

export const writeFileTool = defineTool<Static<typeof WriteFileParams>>({
  name: 'svc-write-file',
  description:
    'Create or replace a source file. This makes a new version and rebuilds the preview; the result carries the build ' +
    'status and its errors (file, message, suggested_action) to fix next. Needs app_id and apps:write.',
  input_schema: WriteFileParams,
  permission: 'apps:write',
  needs_app: true,
  async run(context, params) {
    const change = await context.rpc.request(AppsSubjects.writeFile, { caller: context.caller, id: appOf(context), ...params });
    return rebuildPreview(context.rpc, context.caller, change);
  },
});

export const deleteFileTool = defineTool<Static<typeof FileParams>>({
  name: 'svc-delete-file',
  description: 'Delete a source file. This makes a new version and rebuilds the preview (result as for svc-write-file). Needs app_id and apps:write.',
  input_schema: FileParams,
  permission: 'apps:write',
  needs_app: true,
  async run(context, params) {
    const change = await context.rpc.request(AppsSubjects.deleteFile, { caller: context.caller, id: appOf(context), path: params.path });
    return rebuildPreview(context.rpc, context.caller, change);
  },
});
