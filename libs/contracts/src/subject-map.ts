import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as apps from './apps.contract';
import * as claim from './claim.contract';
import * as deployment from './deployment.contract';
import * as domains from './domains.contract';
import * as edge from './edge.contract';
import * as generation from './generation.contract';
import { MESSAGE_SCHEMAS, RPC_SCHEMAS } from './rpc-map';
import type { TSchema } from './schema';
import * as users from './users.contract';
import * as billing from './billing.contract';
import * as webhooks from './webhooks.contract';

/** Every contract module, one per owning service: where the `*Subjects` and `*Events` constants are. */
const CONTRACT_MODULES: ReadonlyArray<Record<string, unknown>> = [apps, billing, claim, deployment, domains, edge, generation, users, webhooks];

/*
 * The subject map of libs/contracts/README.md: every subject with its owner (the app whose handler answers
 * it), its callers (the apps whose code names it) and its payload, read from the code. `tools/contracts`
 * writes it into the README; a unit spec fails when the committed map is stale.
 */

/** One source file of an app, as the map reads it. */
export interface SourceText {
  /** the app's folder name under apps/, e.g. `gateway` */
  app: string;
  text: string;
}

/** Specs and the helpers only specs use (`*.testing.ts`): they stand in for services, they do not call them. */
const TEST_FILE = /\.(int-|e2e-)?spec\.ts$|\.testing\.ts$/;

/** The TypeScript sources of every app under `<root>/apps` but its tests (and the end-to-end suite, which speaks HTTP). */
export function readAppSources(root: string): SourceText[] {
  const appsDir = join(root, 'apps');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : walk(path);
      return path.endsWith('.ts') && !TEST_FILE.test(path) ? [path] : [];
    });
  return readdirSync(appsDir)
    .filter((app) => app !== 'e2e' && statSync(join(appsDir, app, 'src'), { throwIfNoEntry: false })?.isDirectory())
    .flatMap((app) => walk(join(appsDir, app, 'src')).map((path) => ({ app, text: readFileSync(path, 'utf8') })));
}

export const SUBJECT_MAP_START = '<!-- subject-map:start (written by npm run subject-map; do not edit by hand) -->';
export const SUBJECT_MAP_END = '<!-- subject-map:end -->';

export interface SubjectConstant {
  /** e.g. `AppsSubjects.create` */
  reference: string;
  subject: string;
}

/** Every `*Subjects` / `*Events` constant of the contracts, entry by entry. */
export function subjectConstants(): SubjectConstant[] {
  const found: SubjectConstant[] = [];
  for (const [name, value] of CONTRACT_MODULES.flatMap((module) => Object.entries(module))) {
    if (!/(Subjects|Events)$/.test(name) || typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    // A table of subjects holds dotted names only (a schema whose name ends in Events does not).
    if (!entries.every(([, subject]) => typeof subject === 'string' && /^[a-z_]+(\.[a-z_]+)+$/.test(subject))) continue;
    for (const [key, subject] of entries) found.push({ reference: `${name}.${key}`, subject: String(subject) });
  }
  return found.sort((a, b) => a.subject.localeCompare(b.subject));
}

type SchemaNode = TSchema & { title?: string; properties?: Record<string, TSchema>; required?: string[]; anyOf?: SchemaNode[] };

/** `{caller, prompt, app_id?}`, or a named schema's name: what a reader needs to find the shape. */
function payloadOf(schema: TSchema | undefined): string {
  if (!schema) return '—';
  const node = schema as SchemaNode;
  if (node.title) return `\`${node.title}\``;
  if (node.anyOf) return node.anyOf.map(payloadOf).join(' or ');
  if (!node.properties) return `\`${String(node['type'] ?? 'any')}\``;
  const required = new Set(node.required ?? []);
  const fields = Object.keys(node.properties).map((field) => (required.has(field) ? field : `${field}?`));
  return `\`{${fields.join(', ')}}\``;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The map as a Markdown table, from the apps' sources. */
export function renderSubjectMap(sources: readonly SourceText[]): string {
  const rows = subjectConstants().map(({ reference, subject }) => {
    const constant = escapeRegExp(reference);
    // Answered by a Nest handler, or heard on a plain subscription (a broadcast every replica hears).
    const handled = new RegExp(`(@(Message|Event)Pattern\\(|\\.subscribe\\()\\s*${constant}\\b`);
    const handledAll = new RegExp(handled.source, 'g');
    const called = new RegExp(`\\.(request|emit)\\(\\s*${constant}\\b`);
    const named = new RegExp(`\\b${constant}\\b`);
    const owners = new Set(sources.filter(({ text }) => handled.test(text)).map(({ app }) => app));
    // Another app that names the subject sends it (directly, or through a variable it picks the subject into);
    // the owner names its own subjects in its handlers' types, so it counts only where it sends one itself.
    const callers = new Set(
      sources
        .filter(({ app, text }) => (owners.has(app) ? called.test(text) : named.test(text.replace(handledAll, ''))))
        .map(({ app }) => app),
    );
    const rpcSchemas = RPC_SCHEMAS[subject];
    const kind = rpcSchemas ? 'request' : 'message';
    const request = payloadOf(rpcSchemas?.request ?? MESSAGE_SCHEMAS[subject]);
    const reply = rpcSchemas ? payloadOf(rpcSchemas.response) : '—';
    const list = (apps: Set<string>): string => (apps.size === 0 ? '—' : [...apps].sort().join(', '));
    return `| \`${subject}\` | ${kind} | ${list(owners)} | ${list(callers)} | ${request} | ${reply} |`;
  });
  return [
    SUBJECT_MAP_START,
    '| subject | kind | owner | callers | payload | reply |',
    '|---|---|---|---|---|---|',
    ...rows,
    SUBJECT_MAP_END,
  ].join('\n');
}

/** `readme` with its subject map replaced by `map`. */
export function withSubjectMap(readme: string, map: string): string {
  const start = readme.indexOf(SUBJECT_MAP_START);
  const end = readme.indexOf(SUBJECT_MAP_END);
  if (start < 0 || end < start) throw new Error('the README has no subject map markers');
  return `${readme.slice(0, start)}${map}${readme.slice(end + SUBJECT_MAP_END.length)}`;
}
