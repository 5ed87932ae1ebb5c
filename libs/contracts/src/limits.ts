/**
 * The size limit of every stored text field of the public API, spelled once: the gateway validates requests
 * with these (and publishes them as OpenAPI and tool-schema `maxLength`), and each owning service checks them
 * again, because services also take these fields from each other. Lengths count characters (Unicode code
 * points), as JSON Schema's `maxLength` and Postgres' `text` do. The gateway README tabulates them.
 *
 * Not here: source file contents and entity row values, which have their own byte limits.
 */

/**
 * How a field may break lines. `single`: one line, no control characters at all (names, labels, URLs).
 * `multi`: LF, CR and TAB allowed, every other control character refused (descriptions, prompts).
 */
export type TextLines = 'single' | 'multi';

export interface TextLimit {
  /** least characters (after trimming, where the field is trimmed); absent: empty is allowed */
  readonly min?: number;
  readonly max: number;
  readonly lines: TextLines;
}

export const TEXT_LIMITS = {
  /** `name` of an app (POST/PATCH /managed_apps, POST /generation_queue, svc-generate-app) */
  appName: { min: 1, max: 100, lines: 'single' },
  /** `description` of an app */
  appDescription: { max: 2000, lines: 'multi' },
  /** `prompt` of an app or a generation */
  prompt: { min: 1, max: 10_000, lines: 'multi' },
  /** `ai_model` (and the tool's `model`); must also be a model the generator engines offer */
  aiModel: { min: 1, max: 100, lines: 'single' },
  /** `name` of an account (POST /accounts) */
  accountName: { min: 1, max: 100, lines: 'single' },
  /** `name` of an API key */
  apiKeyName: { min: 1, max: 100, lines: 'single' },
  /** `name` of a webhook subscription */
  webhookName: { min: 1, max: 100, lines: 'single' },
  /** `description` of a webhook subscription */
  webhookDescription: { max: 500, lines: 'multi' },
  /** a webhook's signing `secret` (printable ASCII besides) */
  webhookSecret: { min: 16, max: 200, lines: 'single' },
  /** receiving URLs: a webhook's `url`, a Zapier hook's `target_url`, a generation's `callback_url` */
  url: { min: 1, max: 2048, lines: 'single' },
  /** snake_case names of an app's entities and their columns (they become identifiers) */
  identifier: { min: 1, max: 63, lines: 'single' },
  /** an entity's `label` and `label_singular`, a column's `label` */
  entityLabel: { min: 1, max: 100, lines: 'single' },
  /** a column's `hint` (unit or help shown beside the input) */
  fieldHint: { max: 100, lines: 'single' },
  /** one choice of a select or multiselect column */
  selectOption: { min: 1, max: 100, lines: 'single' },
} as const satisfies Record<string, TextLimit>;

/** The largest id a Postgres `integer` column holds: ids of keys, webhooks, deliveries, versions and pages stop here. */
export const MAX_INTEGER_ID = 2_147_483_647;

/** An `app_id` a request names (ids are 12 characters; longer ones name no app and are not looked up). */
export const APP_ID_MAX_LENGTH = 64;

/** An e-mail address (accounts, app users): the longest RFC 5321 allows in practice. */
export const EMAIL_MAX_LENGTH = 254;

/** Counts other than text lengths that bound what an entity definition stores. */
export const ENTITY_LIMITS = {
  /** columns of one entity */
  fields: 100,
  /** choices of one select or multiselect column */
  options: 100,
} as const;

/**
 * A generation's `metadata`: any JSON object, passed back in its callback. Bounded as a whole (its JSON in
 * UTF-8) and by its number of top-level keys, since its values are the caller's own data.
 */
export const METADATA_LIMITS = {
  maxBytes: 16 * 1024,
  maxKeys: 50,
} as const;

/**
 * Byte limits of what an app stores and what one list answer holds: its source files (UTF-8 bytes of the
 * content) and its entity rows (UTF-8 bytes of the row's data as JSON). Every one is refused with 422 naming
 * the field; answers larger than one NATS message travel in parts (service-kit message-parts.ts), and these
 * bound how large such an answer can get.
 */
export const CONTENT_LIMITS = {
  /** one source file's content */
  fileBytes: 512 * 1024,
  /** a source file's path */
  filePathLength: 300,
  /** source files of one app */
  filesPerApp: 500,
  /** all source files of one app together, so that listing them all stays one bounded answer */
  sourceBytesPerApp: 16 * 1024 * 1024,
  /** one entity row's data */
  rowBytes: 256 * 1024,
  /** one page of rows: a page ends early (with `next_offset`) rather than grow past this */
  rowsPageBytes: 4 * 1024 * 1024,
} as const;

/**
 * An app's environment variables (PUT /managed_apps/:id/env_vars), each refused with 422 naming
 * `env_vars.<KEY>`. A value is any UTF-8 text up to `valueBytes`: room for an API key, a PEM certificate or a
 * service account's JSON, not for files (they belong in the source tree).
 */
export const ENV_VAR_LIMITS = {
  /** characters of a key */
  keyLength: 64,
  /** UTF-8 bytes of one value */
  valueBytes: 8 * 1024,
  /** variables of one app */
  perApp: 100,
} as const;

/** "512 KB", "16 MB": a byte limit as people read it in a message. */
export function formatBytes(bytes: number): string {
  const units: Array<[string, number]> = [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} bytes`;
}
