/**
 * What a generator makes of a prompt: an app's name, its data entities with typed fields, and its pages.
 * Both engines (the built-in `blueprint` and the OpenAI-compatible one) produce this plan; one renderer
 * turns it into source files, so the same plan always gives the same app.
 */

import { CONTENT_LIMITS, ENTITY_LIMITS, TEXT_LIMITS } from './limits';
import { Closed, Named, StoredText, StringEnum, Type, type Static } from './schema';

/** Column types of app data entities; the same list `svc-create-entity` accepts (decisions.md). */
export const FIELD_TYPES = ['text', 'integer', 'number', 'boolean', 'date', 'datetime', 'select', 'multiselect', 'json', 'reference', 'references'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Column types that point at rows of another entity of the same app: one row id, or a list of row ids. */
export const REFERENCE_FIELD_TYPES = ['reference', 'references'] as const satisfies readonly FieldType[];

/**
 * What deleting a row does to the rows that point at it (decisions.md, "Tool execution"): `restrict` refuses the
 * delete while any row points at it, `cascade` deletes them too, `set_null` clears the reference (or drops the id
 * from a `references` list).
 */
export const ON_DELETE_RULES = ['restrict', 'cascade', 'set_null'] as const;
export type OnDeleteRule = (typeof ON_DELETE_RULES)[number];

/** snake_case, as apps-service names an app's tables and columns (they become identifiers). */
export const IDENTIFIER_PATTERN = '^[a-z][a-z0-9_]*$';
export const SNAKE_CASE_MESSAGE = 'must be snake_case: a lower-case letter, then lower-case letters, digits or _';
/** A table or column name as a definition gives it. */
export const Identifier = Type.String({ pattern: IDENTIFIER_PATTERN, maxLength: TEXT_LIMITS.identifier.max, 'x-message': SNAKE_CASE_MESSAGE });

/** A value a column takes when a row is added without it. */
export const DefaultValue = Type.Unsafe<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] });

/** The choices of a select or multiselect column: at least one, one line each. */
export const SelectOptions = Type.Array(StoredText(TEXT_LIMITS.selectOption), {
  minItems: 1,
  maxItems: ENTITY_LIMITS.options,
  description: 'the choices of a select or multiselect, one line each',
});

/** One column of an entity. */
export const EntityField = Closed({
  name: { ...Identifier, description: 'snake_case column name, e.g. cooking_time' },
  /** human label, e.g. `Cooking time` */
  label: StoredText(TEXT_LIMITS.entityLabel),
  type: StringEnum(FIELD_TYPES),
  required: Type.Boolean(),
  unique: Type.Optional(Type.Boolean()),
  default_value: Type.Optional(DefaultValue),
  options: Type.Optional(SelectOptions),
  /** unit or hint shown beside the input, e.g. `minutes` */
  hint: Type.Optional(StoredText(TEXT_LIMITS.fieldHint)),
  /** a reference or references field: the entity (of the same app) whose rows it points at */
  entity: Type.Optional({ ...Identifier, description: 'the entity a reference or references column points at, e.g. people' }),
  /** a reference or references field: what deleting a row it points at does; `restrict` when absent */
  on_delete: Type.Optional(StringEnum(ON_DELETE_RULES)),
});
export type EntityField = Static<typeof EntityField>;

export const EntityPlan = Named(
  'Entity',
  Closed({
    name: { ...Identifier, description: 'snake_case plural table name, e.g. recipes' },
    /** e.g. `Recipes` */
    label: StoredText(TEXT_LIMITS.entityLabel),
    /** e.g. `Recipe` */
    label_singular: StoredText(TEXT_LIMITS.entityLabel),
    fields: Type.Array(EntityField, { minItems: 1, maxItems: ENTITY_LIMITS.fields }),
    /** rows belong to the signed-in app user who created them (decisions.md `user_scoping: user_scoped`) */
    user_scoped: Type.Boolean(),
    /**
     * Visitors who are not signed in may add, change and delete rows (a guest book, a public sign-up sheet).
     * Absent or false: visitors of a public app only read, writing needs a signed-in app user (decisions.md,
     * "App users"). Only for shared entities: a user_scoped row belongs to a signed-in user.
     */
    open_writes: Type.Optional(Type.Boolean()),
  }),
);
export type EntityPlan = Static<typeof EntityPlan>;

/**
 * Pages of a generated app. Every entity has a list, a form and a detail page (its row with the rows that point
 * at it); a `board` groups an entity's rows in columns by a select field (its stages, in order), a `calendar`
 * places them by a date or datetime field, a `ranking` orders them by a number field, highest first.
 */
export const PAGE_KINDS = ['home', 'list', 'form', 'detail', 'board', 'calendar', 'ranking', 'sign_in'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const PagePlan = Closed({
  /** client-side route, e.g. `/recipes` */
  path: Type.String(),
  title: Type.String(),
  kind: StringEnum(PAGE_KINDS),
  /** the entity a list, form, detail, board, calendar or ranking page shows */
  entity: Type.Optional(Type.String()),
  /** the field a board groups by (select), a calendar places by (date, datetime) or a ranking orders by (number) */
  field: Type.Optional(Type.String()),
});
export type PagePlan = Static<typeof PagePlan>;

/** Languages a generated app speaks: its names, labels and the fixed texts of its pages. */
export const APP_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

export const AppPlan = Closed({
  name: Type.String(),
  description: Type.String(),
  /** the language of the prompt, which the app speaks; `en` when absent */
  language: Type.Optional(StringEnum(APP_LANGUAGES)),
  entities: Type.Array(EntityPlan),
  pages: Type.Array(PagePlan),
  /** the prompt(s) the plan was made from, oldest first */
  prompts: Type.Array(Type.String()),
});
export type AppPlan = Static<typeof AppPlan>;

/** An app-relative source path, e.g. `src/main.ts` (apps-service judges its form: inside the tree, safe characters). */
export const SourcePath = Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.filePathLength, description: 'app-relative path, e.g. src/main.ts' });

export const SourceFile = Closed({ path: SourcePath, content: Type.String() });
export type SourceFile = Static<typeof SourceFile>;

/**
 * Layout every generated app follows, which the builder relies on: `index.html` at the root loads
 * `/assets/app.js` and `/assets/app.css`; `src/main.ts` is the bundle's entry; files under `public/` are
 * copied to the bundle as they are.
 */
export const APP_SOURCE_LAYOUT = {
  html: 'index.html',
  entry: 'src/main.ts',
  publicDir: 'public/',
  bundleScript: 'assets/app.js',
  bundleStyles: 'assets/app.css',
} as const;
