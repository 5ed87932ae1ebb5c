/**
 * What a generator makes of a prompt: an app's name, its data entities with typed fields, and its pages.
 * Both engines (the built-in `blueprint` and the OpenAI-compatible one) produce this plan; one renderer
 * turns it into source files, so the same plan always gives the same app.
 */

/** Column types of app data entities; the same list `svc-create-entity` accepts (decisions.md). */
export const FIELD_TYPES = ['text', 'integer', 'number', 'boolean', 'date', 'datetime', 'select', 'multiselect', 'json'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface EntityField {
  /** snake_case column name, e.g. `cooking_time` */
  name: string;
  /** human label, e.g. `Cooking time` */
  label: string;
  type: FieldType;
  required: boolean;
  unique?: boolean;
  default_value?: string | number | boolean | null;
  /** choices of a select or multiselect */
  options?: string[];
  /** unit or hint shown beside the input, e.g. `minutes` */
  hint?: string;
}

export interface EntityPlan {
  /** snake_case plural table name, e.g. `recipes` */
  name: string;
  /** e.g. `Recipes` */
  label: string;
  /** e.g. `Recipe` */
  label_singular: string;
  fields: EntityField[];
  /** rows belong to the signed-in app user who created them (decisions.md `user_scoping: user_scoped`) */
  user_scoped: boolean;
  /**
   * Visitors who are not signed in may add, change and delete rows (a guest book, a public sign-up sheet).
   * Absent or false: visitors of a public app only read, writing needs a signed-in app user (decisions.md,
   * "App users"). Only for shared entities: a user_scoped row belongs to a signed-in user.
   */
  open_writes?: boolean;
}

export type PageKind = 'home' | 'list' | 'form' | 'sign_in';

export interface PagePlan {
  /** client-side route, e.g. `/recipes` */
  path: string;
  title: string;
  kind: PageKind;
  /** the entity a list or form page shows */
  entity?: string;
}

export interface AppPlan {
  name: string;
  description: string;
  entities: EntityPlan[];
  pages: PagePlan[];
  /** the prompt(s) the plan was made from, oldest first */
  prompts: string[];
}

export interface SourceFile {
  path: string;
  content: string;
}

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
