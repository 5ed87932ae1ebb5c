/**
 * Checks that a value is an AppPlan every part of appgen can rely on (the renderer, the data model, routes),
 * and returns a clean copy holding only the plan's own keys. Model output goes through here before rendering.
 */
import {
  APP_LANGUAGES,
  FIELD_TYPES,
  IDENTIFIER_PATTERN,
  ON_DELETE_RULES,
  PAGE_KINDS,
  REFERENCE_FIELD_TYPES,
  SNAKE_CASE_MESSAGE,
  TEXT_LIMITS,
  textCharacterProblem,
  type AppLanguage,
  type AppPlan,
  type EntityField,
  type EntityPlan,
  type FieldType,
  type PageKind,
  type PagePlan,
} from '@appgen/contracts';

export interface PlanProblem {
  /** where in the plan, e.g. `entities[0].fields[2].type` */
  field: string;
  message: string;
}

/** Thrown with every problem found, so a model can be told all of them at once. */
export class AppPlanValidationError extends Error {
  constructor(readonly errors: PlanProblem[]) {
    super(`The app plan is not valid: ${errors.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}`);
    this.name = 'AppPlanValidationError';
  }
}

const SNAKE = new RegExp(IDENTIFIER_PATTERN);
/** Pages that show one entity, and those among them that show it by one of its fields, with the types that field may have. */
const ENTITY_PAGE_KINDS: readonly PageKind[] = ['list', 'form', 'detail', 'board', 'calendar', 'ranking'];
const PAGE_FIELD_TYPES: Partial<Record<PageKind, { types: readonly FieldType[]; message: string }>> = {
  board: { types: ['select'], message: 'a board groups by a select field of its entity' },
  calendar: { types: ['date', 'datetime'], message: 'a calendar places rows by a date or datetime field of its entity' },
  ranking: { types: ['number', 'integer'], message: 'a ranking orders rows by a number or integer field of its entity' },
};
/** Columns every row has already, and names the runtime keeps for itself. */
export const RESERVED_COLUMNS = ['id', 'created_at', 'updated_at', 'user_id', 'owner_id'];
/**
 * What a plan may hold. Tighter than what apps-service stores (TEXT_LIMITS, ENTITY_LIMITS) where a model is
 * asked to stay short; never looser, so every valid plan can be stored.
 */
export const PLAN_LIMITS = {
  entities: 20,
  fields: 50,
  options: 50,
  nameLength: TEXT_LIMITS.identifier.max,
  labelLength: 80,
  appNameLength: 80,
  descriptionLength: 500,
  pages: 100,
} as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

function isPageKind(value: unknown): value is PageKind {
  return typeof value === 'string' && (PAGE_KINDS as readonly string[]).includes(value);
}

function isReferenceType(type: FieldType): boolean {
  return (REFERENCE_FIELD_TYPES as readonly string[]).includes(type);
}

export function validateAppPlan(value: unknown): AppPlan {
  const problems: PlanProblem[] = [];
  const problem = (field: string, message: string): void => {
    problems.push({ field, message });
  };
  const text = (source: Json, key: string, path: string, max: number, required = true): string => {
    const found = source[key];
    if (found === undefined && !required) return '';
    if (typeof found !== 'string' || !found.trim()) {
      problem(path, 'must be a non-empty string');
      return '';
    }
    if (found.length > max) problem(path, `must be at most ${max} characters`);
    // Names, labels and titles are one line each: what apps-service stores and the renderer prints as a title.
    const characters = textCharacterProblem(found.trim(), 'single');
    if (characters) problem(path, characters);
    return found.trim();
  };

  if (!isObject(value)) throw new AppPlanValidationError([{ field: '(plan)', message: 'must be a JSON object' }]);
  const name = text(value, 'name', 'name', PLAN_LIMITS.appNameLength);
  const description = typeof value.description === 'string' ? value.description.trim() : '';
  if (typeof value.description !== 'string') problem('description', 'must be a string');
  else if (description.length > PLAN_LIMITS.descriptionLength) problem('description', `must be at most ${PLAN_LIMITS.descriptionLength} characters`);
  else {
    const characters = textCharacterProblem(description, 'multi');
    if (characters) problem('description', characters);
  }

  let language: AppLanguage | undefined;
  if (value.language !== undefined) {
    if (typeof value.language === 'string' && (APP_LANGUAGES as readonly string[]).includes(value.language)) language = value.language as AppLanguage;
    else problem('language', `must be one of ${APP_LANGUAGES.join(', ')}`);
  }

  const entities: EntityPlan[] = [];
  if (!Array.isArray(value.entities) || value.entities.length === 0) {
    problem('entities', 'must be a non-empty array');
  } else {
    if (value.entities.length > PLAN_LIMITS.entities) problem('entities', `must hold at most ${PLAN_LIMITS.entities} entities`);
    value.entities.forEach((raw: unknown, index: number) => {
      const path = `entities[${index}]`;
      if (!isObject(raw)) {
        problem(path, 'must be an object');
        return;
      }
      const entityName = text(raw, 'name', `${path}.name`, PLAN_LIMITS.nameLength);
      if (entityName && !SNAKE.test(entityName)) problem(`${path}.name`, SNAKE_CASE_MESSAGE);
      if (entityName && entities.some((entity) => entity.name === entityName)) problem(`${path}.name`, `repeats the entity name "${entityName}"`);
      const label = text(raw, 'label', `${path}.label`, PLAN_LIMITS.labelLength);
      const labelSingular = text(raw, 'label_singular', `${path}.label_singular`, PLAN_LIMITS.labelLength);
      if (typeof raw.user_scoped !== 'boolean') problem(`${path}.user_scoped`, 'must be true or false');
      if (raw.open_writes !== undefined && typeof raw.open_writes !== 'boolean') problem(`${path}.open_writes`, 'must be true or false');
      else if (raw.open_writes === true && raw.user_scoped === true) problem(`${path}.open_writes`, 'applies to shared entities only: rows of a user_scoped entity belong to signed-in users');
      const fields: EntityField[] = [];
      if (!Array.isArray(raw.fields) || raw.fields.length === 0) {
        problem(`${path}.fields`, 'must be a non-empty array');
      } else {
        if (raw.fields.length > PLAN_LIMITS.fields) problem(`${path}.fields`, `must hold at most ${PLAN_LIMITS.fields} fields`);
        raw.fields.forEach((rawField: unknown, fieldIndex: number) => {
          const field = validateField(rawField, `${path}.fields[${fieldIndex}]`, problem, text);
          if (!field) return;
          if (fields.some((candidate) => candidate.name === field.name)) problem(`${path}.fields[${fieldIndex}].name`, `repeats the field name "${field.name}"`);
          fields.push(field);
        });
      }
      // open_writes is kept only when true, as `unique` is on fields: a plan without it is closed to visitors.
      entities.push({ name: entityName, label, label_singular: labelSingular, fields, user_scoped: raw.user_scoped === true, ...(raw.open_writes === true ? { open_writes: true } : {}) });
    });
  }

  // a reference points at an entity of this plan (checked once every entity is known)
  if (Array.isArray(value.entities)) {
    entities.forEach((entity, index) => {
      entity.fields.forEach((field, fieldIndex) => {
        if (field.entity !== undefined && !entities.some((candidate) => candidate.name === field.entity)) {
          problem(`entities[${index}].fields[${fieldIndex}].entity`, `must name one of the plan's entities (${entities.map((candidate) => candidate.name).join(', ')})`);
        }
      });
    });
  }

  const pages: PagePlan[] = [];
  if (!Array.isArray(value.pages)) {
    problem('pages', 'must be an array');
  } else {
    if (value.pages.length > PLAN_LIMITS.pages) problem('pages', `must hold at most ${PLAN_LIMITS.pages} pages`);
    value.pages.forEach((raw: unknown, index: number) => {
      const path = `pages[${index}]`;
      if (!isObject(raw)) {
        problem(path, 'must be an object');
        return;
      }
      const pagePath = text(raw, 'path', `${path}.path`, 200);
      if (pagePath && !/^\/[A-Za-z0-9_\-/:]*$/.test(pagePath)) problem(`${path}.path`, 'must start with / and hold only letters, digits, -, _, : and /');
      if (pagePath && pages.some((page) => page.path === pagePath)) problem(`${path}.path`, `repeats the page path "${pagePath}"`);
      const title = text(raw, 'title', `${path}.title`, PLAN_LIMITS.labelLength);
      if (!isPageKind(raw.kind)) {
        problem(`${path}.kind`, `must be one of ${PAGE_KINDS.join(', ')}`);
        return;
      }
      const page: PagePlan = { path: pagePath, title, kind: raw.kind };
      const shown = ENTITY_PAGE_KINDS.includes(raw.kind) ? entities.find((entity) => entity.name === raw.entity) : undefined;
      if (ENTITY_PAGE_KINDS.includes(raw.kind)) {
        if (!shown) problem(`${path}.entity`, 'must name one of the plan\'s entities');
        else page.entity = shown.name;
      } else if (raw.entity !== undefined) {
        problem(`${path}.entity`, `only ${ENTITY_PAGE_KINDS.join(', ')} pages show an entity`);
      }
      const byField = PAGE_FIELD_TYPES[raw.kind];
      if (byField) {
        const field = shown?.fields.find((candidate) => candidate.name === raw.field);
        if (typeof raw.field !== 'string') problem(`${path}.field`, `must name a field: ${byField.message}`);
        else if (shown && !field) problem(`${path}.field`, `must name a field of ${shown.name}: ${byField.message}`);
        else if (field && !byField.types.includes(field.type)) problem(`${path}.field`, `"${field.name}" is a ${field.type} field: ${byField.message}`);
        else page.field = raw.field;
      } else if (raw.field !== undefined) {
        problem(`${path}.field`, 'only board, calendar and ranking pages show an entity by a field');
      }
      pages.push(page);
    });
  }

  const prompts: string[] = [];
  if (value.prompts !== undefined) {
    if (!Array.isArray(value.prompts) || !value.prompts.every((prompt): prompt is string => typeof prompt === 'string')) problem('prompts', 'must be an array of strings');
    else prompts.push(...value.prompts);
  }

  if (problems.length) throw new AppPlanValidationError(problems);
  return { name, description, ...(language ? { language } : {}), entities, pages, prompts };
}

function validateField(
  raw: unknown,
  path: string,
  problem: (field: string, message: string) => void,
  text: (source: Json, key: string, path: string, max: number, required?: boolean) => string,
): EntityField | null {
  if (!isObject(raw)) {
    problem(path, 'must be an object');
    return null;
  }
  const name = text(raw, 'name', `${path}.name`, PLAN_LIMITS.nameLength);
  if (name && !SNAKE.test(name)) problem(`${path}.name`, SNAKE_CASE_MESSAGE);
  if (RESERVED_COLUMNS.includes(name)) problem(`${path}.name`, `"${name}" is a column every row already has; choose another name`);
  const label = text(raw, 'label', `${path}.label`, PLAN_LIMITS.labelLength);
  if (!isFieldType(raw.type)) {
    problem(`${path}.type`, `must be one of ${FIELD_TYPES.join(', ')}`);
    return null;
  }
  if (typeof raw.required !== 'boolean') problem(`${path}.required`, 'must be true or false');
  const field: EntityField = { name, label, type: raw.type, required: raw.required === true };
  if (raw.unique !== undefined) {
    if (typeof raw.unique !== 'boolean') problem(`${path}.unique`, 'must be true or false');
    else if (raw.unique) field.unique = true;
  }
  if (raw.hint !== undefined && raw.hint !== null) {
    if (typeof raw.hint !== 'string' || raw.hint.length > PLAN_LIMITS.labelLength) problem(`${path}.hint`, `must be a string of at most ${PLAN_LIMITS.labelLength} characters`);
    else {
      const characters = textCharacterProblem(raw.hint, 'single');
      if (characters) problem(`${path}.hint`, characters);
      else if (raw.hint.trim()) field.hint = raw.hint.trim();
    }
  }
  const choice = raw.type === 'select' || raw.type === 'multiselect';
  if (raw.options !== undefined && raw.options !== null) {
    if (!choice) {
      problem(`${path}.options`, 'only select and multiselect fields have options');
    } else if (!Array.isArray(raw.options) || !raw.options.every((option): option is string => typeof option === 'string' && option.trim().length > 0 && option.length <= PLAN_LIMITS.labelLength)) {
      problem(`${path}.options`, `must be an array of non-empty strings of at most ${PLAN_LIMITS.labelLength} characters`);
    } else if (raw.options.some((option) => textCharacterProblem(option, 'single') !== null)) {
      problem(`${path}.options`, 'must be one line each, without control characters');
    } else if (new Set(raw.options).size !== raw.options.length) {
      problem(`${path}.options`, 'must not repeat a choice');
    } else if (raw.options.length > PLAN_LIMITS.options) {
      problem(`${path}.options`, `must hold at most ${PLAN_LIMITS.options} choices`);
    } else if (raw.options.length) {
      field.options = raw.options.map((option) => option.trim());
    }
  }
  if (isReferenceType(raw.type)) {
    if (typeof raw.entity !== 'string' || !SNAKE.test(raw.entity)) problem(`${path}.entity`, `a ${raw.type} field must name the entity it points at (snake_case)`);
    else field.entity = raw.entity;
    if (raw.on_delete !== undefined) {
      if (typeof raw.on_delete === 'string' && (ON_DELETE_RULES as readonly string[]).includes(raw.on_delete)) field.on_delete = raw.on_delete as EntityField['on_delete'];
      else problem(`${path}.on_delete`, `must be one of ${ON_DELETE_RULES.join(', ')}`);
    }
  } else {
    if (raw.entity !== undefined) problem(`${path}.entity`, 'only reference and references fields point at an entity');
    if (raw.on_delete !== undefined) problem(`${path}.on_delete`, 'only reference and references fields have on_delete');
  }
  // the data model stores a choice field's values only from its choices, so a multiselect without any could hold nothing
  if (choice && !field.options) problem(`${path}.options`, `a ${raw.type} field needs at least one choice`);
  if (raw.default_value !== undefined) {
    const fit = defaultFits(raw.type, raw.default_value, field.options);
    if (fit) problem(`${path}.default_value`, fit);
    else if (raw.default_value === null || typeof raw.default_value === 'string' || typeof raw.default_value === 'number' || typeof raw.default_value === 'boolean') field.default_value = raw.default_value;
  }
  return field;
}

/** Why a default does not fit its field's type, or null when it does. */
function defaultFits(type: FieldType, value: unknown, options: string[] | undefined): string | null {
  if (value === null) return null;
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false for a boolean field';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? null : 'must be a whole number for an integer field';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number for a number field';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : 'must be a date like 2025-01-31';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'must be an ISO 8601 date and time';
    case 'select':
      return typeof value === 'string' && (options ?? []).includes(value) ? null : 'must be one of the field\'s options';
    case 'text':
      return typeof value === 'string' ? null : 'must be a string for a text field';
    default:
      return 'a default is supported only for text, number, date, boolean and select fields';
  }
}
