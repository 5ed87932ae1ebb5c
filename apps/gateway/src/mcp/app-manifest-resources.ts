import { AppsSubjects, DEFAULT_PER_PAGE, MAX_PAGE, type AppStatus, type Caller } from '@appgen/contracts';
import type { MANIFEST_PATHS } from '@appgen/app-manifest';
import type { RpcClient } from '@appgen/service-kit';
import type { ListResourcesResult, ReadResourceResult, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { requireGrant } from '../access/require-grant';
import { viewFileTool } from '../tools/file-tools';
import { mcpSdk } from './mcp-sdk';

/** The manifest file served as a resource: what an agent reads first to work on an app. */
const AGENTS_PATH: (typeof MANIFEST_PATHS)[number] = 'AGENTS.md';
const MARKDOWN = 'text/markdown';

export const AGENTS_URI_TEMPLATE: ResourceTemplate = {
  uriTemplate: `appgen://apps/{app_id}/${AGENTS_PATH}`,
  name: 'app-agents-md',
  title: "An app's AGENTS.md",
  description: "How to work on one of your apps: its entities, pages, addresses and conventions (the current version's AGENTS.md).",
  mimeType: MARKDOWN,
};

/** Apps whose generation completed: they have a current version, and it carries the manifest. */
const APPS_WITH_MANIFEST: readonly AppStatus[] = ['generated', 'published'];

export function agentsUri(appId: string): string {
  return `appgen://apps/${encodeURIComponent(appId)}/${AGENTS_PATH}`;
}

const AGENTS_URI = new RegExp(`^appgen://apps/([^/]+)/${AGENTS_PATH.replace('.', '\\.')}$`);

function appIdOf(uri: string): string | null {
  const match = AGENTS_URI.exec(uri);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** MCP's code for a resource that does not exist (specification, "Resources": error handling). */
export const RESOURCE_NOT_FOUND = -32002;

/** The cursor of resources/list is the page of the caller's apps, as text; anything else names no page. */
function pageOf(cursor: string | undefined): number {
  if (cursor === undefined) return 1;
  const page = /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : NaN;
  if (!(page <= MAX_PAGE)) throw new (mcpSdk().types.McpError)(mcpSdk().types.ErrorCode.InvalidParams, 'The cursor is not one resources/list gave');
  return page;
}

/**
 * resources/list: the AGENTS.md of the caller's apps, a page of apps at a time (MCP's cursor is the next page).
 * Reading them needs what reading a file with svc-view-file needs.
 */
export async function listAppManifests(rpc: RpcClient, caller: Caller, cursor: string | undefined): Promise<ListResourcesResult> {
  requireGrant(caller, viewFileTool.permission);
  const page = pageOf(cursor);
  const { apps, meta } = await rpc.request(AppsSubjects.list, { caller, page, per_page: DEFAULT_PER_PAGE });
  return {
    resources: apps
      .filter((app) => APPS_WITH_MANIFEST.includes(app.status))
      .map((app) => ({ uri: agentsUri(app.id), name: `${app.name} ${AGENTS_PATH}`, description: `How to work on ${app.name} (${app.id})`, mimeType: MARKDOWN })),
    ...(page < meta.total_pages ? { nextCursor: String(page + 1) } : {}),
  };
}

/** resources/read: an app's AGENTS.md as its current version has it; another account's app is not found, like a missing one. */
export async function readAppManifest(rpc: RpcClient, caller: Caller, uri: string): Promise<ReadResourceResult> {
  const appId = appIdOf(uri);
  if (appId === null) throw new (mcpSdk().types.McpError)(RESOURCE_NOT_FOUND, `No resource ${uri}: resources are ${AGENTS_URI_TEMPLATE.uriTemplate}`);
  requireGrant(caller, viewFileTool.permission);
  const { file } = await rpc.request(AppsSubjects.readFile, { caller, id: appId, path: AGENTS_PATH });
  return { contents: [{ uri, mimeType: MARKDOWN, text: file.content }] };
}
