import { createEntityTool, deleteDataTool, insertDataTool, queryDataTool, updateDataTool } from './data-tools';
import { deleteFileTool, listFilesTool, viewFileTool, writeFileTool } from './file-tools';
import { generateAppTool } from './generate-tool';
import type { CatalogueTool } from './tool';

/** The ten tools of contract 4.7, in the contract's order. */
export const TOOL_CATALOGUE: readonly CatalogueTool[] = [
  generateAppTool,
  viewFileTool,
  writeFileTool,
  listFilesTool,
  deleteFileTool,
  createEntityTool,
  queryDataTool,
  insertDataTool,
  updateDataTool,
  deleteDataTool,
];

export const TOOL_NAMES: readonly string[] = TOOL_CATALOGUE.map((tool) => tool.name);

const BY_NAME = new Map(TOOL_CATALOGUE.map((tool) => [tool.name, tool]));

export function findTool(name: string): CatalogueTool | undefined {
  return BY_NAME.get(name);
}
