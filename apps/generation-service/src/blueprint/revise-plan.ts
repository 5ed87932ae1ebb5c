/**
 * Applies an update prompt to an existing plan, one instruction at a time ("add a category field to recipes;
 * remove the rating; rename the app to Kitchen Book"). Each instruction is matched against a few sentence
 * shapes; what matches none is read like a first prompt, and what it adds (entities, fields) is merged in.
 */
import type { AppPlan, EntityField, EntityPlan, FieldType } from '@appgen/contracts';
import { boardField, domainKeyOf, entityFromDraft, isUserScoped, pagesFor, viewFits, viewsOf, MAX_ENTITIES, MAX_FIELDS, type EntityView } from './plan-builder';
import { addField, fieldFromWords, matchDomainNoun, optionsFor, readPrompt, type EntityDraft } from './prompt-parser';
import { FALLBACK_OPTIONS, FIELD_LIBRARY } from './vocabulary.data';
import { isPlural, pluralSnake, singularize, singularSnake, toSentence, toSnake, toTitle, tokenize } from './words.util';

/** An update prompt the blueprint generator cannot turn into a change; the message says what it understands. */
export class BlueprintPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlueprintPromptError';
  }
}

const TYPE_NAMES: Record<string, FieldType> = {
  text: 'text', 'long text': 'text', string: 'text', number: 'number', numeric: 'number', decimal: 'number', integer: 'integer',
  'whole number': 'integer', date: 'date', datetime: 'datetime', 'date and time': 'datetime', 'date-time': 'datetime', boolean: 'boolean',
  checkbox: 'boolean', 'yes/no': 'boolean', 'yes or no': 'boolean', toggle: 'boolean', select: 'select', dropdown: 'select',
  'drop-down': 'select', choice: 'select', 'single choice': 'select', multiselect: 'multiselect', 'multi-select': 'multiselect',
  'multiple choice': 'multiselect', tags: 'multiselect', json: 'json',
};
const TYPE_PATTERN = Object.keys(TYPE_NAMES).sort((a, b) => b.length - a.length).map((name) => name.replace(/[/-]/g, '\\$&')).join('|');
/** Words for a table the user asks for: "add a table for stylists", "create a new list of suppliers". */
const TABLE_WORDS = '(?:entity|table|list|section|page|collection|model)';
const THE = String.raw`(?:(?:the|a|an|my|each|every|all|its|their)\s+)?`;
const AT = String.raw`(?:\s+(?:in|of|on|for|from|to)\s+${THE}(.+?))?`;

interface Revision {
  plan: AppPlan;
  changed: boolean;
}

/**
 * What one instruction did: `true` changed the plan; a string says why there was nothing to change (the app already
 * has what it asks for); `false` is an instruction not understood.
 */
type Outcome = boolean | string;

/** A plan being changed, with its boards, calendars and rankings kept beside it until the pages are made again. */
type WorkingPlan = AppPlan & { views: EntityView[] };

function clonePlan(plan: AppPlan): WorkingPlan {
  return {
    name: plan.name,
    description: plan.description,
    ...(plan.language ? { language: plan.language } : {}),
    views: viewsOf(plan),
    entities: plan.entities.map((entity) => ({ ...entity, fields: entity.fields.map((field) => ({ ...field, ...(field.options ? { options: [...field.options] } : {}) })) })),
    pages: plan.pages.map((page) => ({ ...page })),
    prompts: [...plan.prompts],
  };
}

function sameWord(a: string, b: string): boolean {
  const left = singularSnake(toSnake(a));
  const right = singularSnake(toSnake(b));
  return left === right;
}

export function findEntity(plan: AppPlan, reference: string | undefined): EntityPlan | undefined {
  if (!reference) return undefined;
  const cleaned = reference.replace(/\b(entity|table|list|page|section|records|entries|items)$/i, '').trim();
  if (!cleaned) return undefined;
  return plan.entities.find((entity) => [entity.name, entity.label, entity.label_singular].some((name) => sameWord(name, cleaned)));
}

function findField(plan: AppPlan, reference: string, within?: EntityPlan): { entity: EntityPlan; field: EntityField } | undefined {
  const cleaned = reference.replace(/\b(field|column|property)s?$/i, '').trim();
  const wanted = toSnake(cleaned);
  const entities = within ? [within] : plan.entities;
  for (const exact of [true, false]) {
    for (const entity of entities) {
      const field = entity.fields.find((candidate) =>
        exact ? candidate.name === wanted || candidate.label.toLowerCase() === cleaned.toLowerCase() : sameWord(candidate.name, cleaned) || sameWord(candidate.label, cleaned),
      );
      if (field) return { entity, field };
    }
  }
  return undefined;
}

/** A rating's scale as choices: "1–5" gives 1, 2, 3, 4, 5 (up to ten of them). */
function optionsFromRange(hint: string | undefined): string[] | undefined {
  const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(hint ?? '');
  if (!range) return undefined;
  const [low, high] = [Number(range[1]), Number(range[2])];
  if (high <= low || high - low > 9) return undefined;
  return Array.from({ length: high - low + 1 }, (_, index) => String(low + index));
}

/** "a, b and c" / "a/b/c" into a list, keeping the user's spelling. */
function listOf(text: string, capitalize = true): string[] {
  return [
    ...new Set(
      text
        .replace(/^["'(]|["')]$/g, '')
        .split(/\s*(?:,|\/|;|\band\b|\bor\b)\s*/i)
        .map((part) => part.trim().replace(/^["']|["']$/g, ''))
        .filter(Boolean)
        .map((part) => (capitalize ? part.charAt(0).toUpperCase() + part.slice(1) : part)),
    ),
  ];
}

function fieldsFromText(text: string, domainKey: string | null): EntityField[] {
  const fields: EntityField[] = [];
  const cleaned = text.replace(/\b(?:fields?|columns?|properties)\b/gi, ' ');
  const optionsMatch = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(cleaned);
  const parts = (optionsMatch ? optionsMatch[1] : cleaned).split(/\s*(?:,|\band\b|&|\bplus\b)\s*/i).filter((part) => part.trim());
  for (const part of parts) {
    const words = tokenize(part).filter((token) => !token.punct).map((token) => token.text);
    const qualifier: { hint?: string } = {};
    const unit = /\b(?:in|per)\s+(minutes|hours|days|kg|km|miles|dollars|euros)\b/i.exec(part);
    const cut = unit ? words.slice(0, words.indexOf('in') >= 0 ? words.indexOf('in') : words.indexOf('per')) : words;
    if (unit) qualifier.hint = unit[1].toLowerCase();
    const range = /(\d+)\s*(?:-|–|to)\s*(\d+)/.exec(part) ?? /out of (\d+)/.exec(part);
    const clean = cut.filter((word) => !/^\d/.test(word) && !['from', 'to', 'out', 'of', 'stars'].includes(word) || word === 'of' && !range);
    if (range) qualifier.hint = range[2] ? `${range[1]}–${range[2]}` : `1–${range[1]}`;
    const field = fieldFromWords(clean, domainKey, qualifier);
    if (field) fields.push(field);
  }
  if (optionsMatch && fields.length) {
    const last = fields[fields.length - 1];
    last.options = listOf(optionsMatch[2]);
    if (last.type !== 'multiselect') last.type = 'select';
    delete last.hint;
  }
  return fields;
}

/** Adds the fields the entity lacks; when it has them all, says so. No fields: not understood. */
function addFields(entity: EntityPlan, fields: EntityField[]): Outcome {
  if (!fields.length) return false;
  const present: EntityField[] = [];
  let changed = false;
  for (const field of fields) {
    const existing = entity.fields.find((candidate) => candidate.name === field.name);
    if (existing) present.push(existing);
    else if (entity.fields.length >= MAX_FIELDS) throw new BlueprintPromptError(`${entity.label} already have ${MAX_FIELDS} fields, the most an entity made by the blueprint generator can have.`);
    else {
      entity.fields.push(field);
      changed = true;
    }
  }
  const labels = present.map((field) => `"${field.label}"`);
  return changed || `${entity.label} already have ${labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]} fields` : `a ${labels[0]} field`}.`;
}

/** Renames an entity, and the references and views that name it. */
function renameEntity(plan: WorkingPlan, entity: EntityPlan, words: string): void {
  const snake = toSnake(words);
  const plural = isPlural(snake.split('_').pop() ?? snake) ? snake : pluralSnake(snake);
  if (plan.entities.some((other) => other !== entity && other.name === plural)) throw new BlueprintPromptError(`The app already has ${plural}.`);
  const before = entity.name;
  entity.name = plural;
  entity.label = toSentence(plural);
  entity.label_singular = toSentence(singularSnake(plural));
  for (const other of plan.entities) for (const field of other.fields) if (field.entity === before) field.entity = plural;
  for (const view of plan.views) if (view.entity === before) view.entity = plural;
}

/** Removes an entity, the fields of other entities pointing at it, and its views. */
function removeEntity(plan: WorkingPlan, entity: EntityPlan): void {
  plan.entities = plan.entities.filter((candidate) => candidate !== entity);
  for (const other of plan.entities) other.fields = other.fields.filter((field) => field.entity !== entity.name);
  plan.views = plan.views.filter((view) => view.entity !== entity.name);
}

const VIEW_KINDS: Record<string, EntityView['kind']> = { board: 'board', kanban: 'board', columns: 'board', calendar: 'calendar', agenda: 'calendar', schedule: 'calendar', ranking: 'ranking', leaderboard: 'ranking', scoreboard: 'ranking' };

/**
 * "show tasks as a board", "add a calendar of shifts", "rank players by points": a view of an entity by one of its
 * fields, the field made when the entity has none that fits (a board's statuses, a calendar's date, a ranking's score).
 */
function addView(plan: WorkingPlan, clause: string): Outcome | null {
  const words = Object.keys(VIEW_KINDS).join('|');
  const match = new RegExp(String.raw`^(?:show|display|view|see|put|add|give|make|create|i want)\s+${THE}(?:(${words})\s+(?:view\s+)?(?:of|for)\s+${THE}(.+?)|(.+?)\s+(?:as|on|in)\s+(?:an?\s+|the\s+)?(?:kanban\s+)?(${words})(?:\s+view)?)(?:\s+by\s+${THE}(.+?))?$`, 'i').exec(clause)
    ?? new RegExp(String.raw`^rank\s+${THE}(.+?)\s+by\s+${THE}(.+?)$`, 'i').exec(clause);
  if (!match) return null;
  const isRank = /^rank\s/i.test(clause);
  const kind = isRank ? 'ranking' : VIEW_KINDS[(match[1] ?? match[4]).toLowerCase()];
  const entityWords = isRank ? match[1] : (match[2] ?? match[3]);
  const byWords = isRank ? match[2] : match[5];
  const entity = findEntity(plan, entityWords);
  if (!entity) throw new BlueprintPromptError(`There is no "${entityWords}" in the app to show as a ${kind}; it has ${joinLabels(plan.entities)}.`);
  let field = byWords ? findField(plan, byWords, entity)?.field : undefined;
  if (byWords && !field) {
    const made = fieldFromWords(tokenize(byWords).filter((token) => !token.punct).map((token) => token.text), domainKeyOf(entity));
    if (!made) throw new BlueprintPromptError(`Could not read a field in "${byWords}".`);
    field = made;
    if (kind === 'ranking' && !viewFits('ranking', field)) field.type = 'integer';
    entity.fields.push(field);
  }
  if (field && !viewFits(kind, field)) throw new BlueprintPromptError(`${field.label} is a ${field.type} field; a ${kind} needs ${kind === 'board' ? 'a select' : kind === 'calendar' ? 'a date' : 'a number'} field.`);
  if (!field) {
    if (kind === 'board') field = boardField(entity, domainKeyOf(entity));
    else if (kind === 'calendar') field = entity.fields.find((candidate) => viewFits('calendar', candidate)) ?? (fieldFromWords(['starts_at'], null) as EntityField);
    else field = entity.fields.find((candidate) => viewFits('ranking', candidate)) ?? { name: 'score', label: 'Score', type: 'integer', required: false };
    if (!entity.fields.includes(field)) entity.fields.push(field);
  }
  const existing = plan.views.find((view) => view.kind === kind && view.entity === entity.name);
  if (existing?.field === field.name) return `${entity.label} are already shown as a ${kind} by ${field.label.toLowerCase()}.`;
  if (existing) existing.field = field.name;
  else plan.views.push({ kind, entity: entity.name, field: field.name });
  return true;
}

/** Why asking for a table the app has changes nothing, and what would. */
function alreadyHas(entity: EntityPlan): string {
  const lower = entity.label.toLowerCase();
  return `The app already has a table of ${lower} (${entity.fields.map((field) => field.label.toLowerCase()).join(', ')}), so nothing was changed; to add fields to ${lower}, name them.`;
}

function joinLabels(entities: EntityPlan[]): string {
  return entities.map((entity) => entity.label.toLowerCase()).join(', ');
}

/** "the servings" in a list of things to remove is the servings field. */
function withoutDeterminer(reference: string): string {
  return reference.replace(/^(?:the|a|an|my|its|their|all)\s+/i, '').trim() || reference;
}

/**
 * A stored plan from before every choice field had choices (a free-form "tags" multiselect): it gets the
 * planner's choices for that field, so an update to the app works instead of failing on the old plan.
 */
export function withChoices(plan: AppPlan): AppPlan {
  if (!Array.isArray(plan?.entities)) return plan;
  return {
    ...plan,
    entities: plan.entities.map((entity) =>
      Array.isArray(entity?.fields)
        ? {
            ...entity,
            fields: entity.fields.map((field) =>
              field?.type === 'multiselect' && (!Array.isArray(field.options) || !field.options.length)
                ? { ...field, options: optionsFor(field.name, domainKeyOf(entity)) ?? [...FALLBACK_OPTIONS.multiselect] }
                : field,
            ),
          }
        : entity,
    ),
  };
}

/** Leading politeness and fillers that do not change the instruction. */
function stripPreamble(clause: string): string {
  let text = clause.trim().replace(/\s+/g, ' ');
  for (;;) {
    const next = text
      .replace(/^(?:please|pls|ok(?:ay)?|now|also|and|then|can you|could you|would you|i want(?: you)? to|i'd like(?: you)? to|i would like(?: you)? to|let's|lets|let us|we need to|i need to|you should|go ahead and)\b[\s,]*/i, '')
      .replace(/[\s.!]+$/, '');
    if (next === text) return text;
    text = next;
  }
}

function applyClause(plan: WorkingPlan, original: string): Outcome {
  const clause = stripPreamble(original);
  if (!clause) return false;
  let match: RegExpExecArray | null;

  const view = addView(plan, clause);
  if (view !== null) return view;

  // the app's name
  match = new RegExp(String.raw`^(?:rename|call|name|retitle)\s+${THE}(?:app|application|site|project|tool)\s+(?:to\s+|as\s+)?["']?(.+?)["']?$`, 'i').exec(clause)
    ?? /^change\s+(?:the\s+)?(?:app(?:'s)?\s+|application\s+)?(?:name|title)(?:\s+of\s+the\s+app)?\s+to\s+["']?(.+?)["']?$/i.exec(clause)
    ?? /^(?:the\s+)?app\s+should\s+be\s+(?:called|named)\s+["']?(.+?)["']?$/i.exec(clause);
  if (match) {
    const name = /[A-Z]/.test(match[1]) ? match[1].trim() : toTitle(match[1]);
    if (!name) return false;
    if (name === plan.name) return `The app is already called ${name}.`;
    plan.name = name.slice(0, 80);
    return true;
  }

  // a field's type
  match = new RegExp(String.raw`^(?:make|change|turn|convert|set)\s+${THE}(.+?)(?:\s+field)?${AT}\s+(?:into|to|to be|be|as)?\s*(?:an?\s+)?(${TYPE_PATTERN})(?:\s+field)?$`, 'i').exec(clause);
  if (match) {
    const found = findField(plan, match[1], findEntity(plan, match[2]));
    if (found) {
      const type = TYPE_NAMES[match[3].toLowerCase()];
      if (found.field.type === type) return `${found.field.label} is already ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} field.`;
      found.field.type = type;
      delete found.field.default_value;
      if (type === 'select' || type === 'multiselect') {
        found.field.options = found.field.options ?? optionsFromRange(found.field.hint) ?? optionsFor(found.field.name, domainKeyOf(found.entity)) ?? [...FALLBACK_OPTIONS[type]];
        if (optionsFromRange(found.field.hint)) delete found.field.hint;
      } else {
        delete found.field.options;
      }
      return true;
    }
  }

  // required or optional
  match = new RegExp(String.raw`^make\s+${THE}(.+?)(?:\s+field)?${AT}\s+(required|mandatory|optional|not required)$`, 'i').exec(clause);
  if (match) {
    const found = findField(plan, match[1], findEntity(plan, match[2]));
    if (!found) throw new BlueprintPromptError(`There is no field "${match[1]}" to make ${match[3]}.`);
    const required = match[3] === 'required' || match[3] === 'mandatory';
    if (found.field.required === required) throw new BlueprintPromptError(`${found.field.label} is already ${required ? 'required' : 'optional'}.`);
    found.field.required = required;
    return true;
  }

  // choices of a select
  match = new RegExp(String.raw`^(?:change|set|update|make|replace)\s+${THE}(.+?)\s+(?:options|choices|values)${AT}\s+(?:to be|to|be|with|as|:)\s+(.+)$`, 'i').exec(clause)
    ?? new RegExp(String.raw`^${THE}(.+?)\s+(?:options|choices)${AT}\s+(?:should be|are|:)\s+(.+)$`, 'i').exec(clause);
  if (match) {
    const found = findField(plan, match[1], findEntity(plan, match[2]));
    if (!found) throw new BlueprintPromptError(`There is no field "${match[1]}" whose choices could change.`);
    found.field.options = listOf(match[3]);
    if (found.field.type !== 'multiselect') found.field.type = 'select';
    delete found.field.hint;
    delete found.field.default_value;
    return true;
  }
  match = new RegExp(String.raw`^add\s+(?:an?\s+)?(?:option|choice)\s+["']?(.+?)["']?\s+(?:to|for)\s+${THE}(.+?)(?:\s+field)?${AT}$`, 'i').exec(clause)
    ?? new RegExp(String.raw`^add\s+["']?(.+?)["']?\s+as\s+(?:an?\s+)?(?:option|choice)\s+(?:to|for)\s+${THE}(.+?)(?:\s+field)?${AT}$`, 'i').exec(clause);
  if (match) {
    const found = findField(plan, match[2], findEntity(plan, match[3]));
    if (!found) throw new BlueprintPromptError(`There is no field "${match[2]}" to add a choice to.`);
    {
      const additions = listOf(match[1]).filter((option) => !(found.field.options ?? []).includes(option));
      if (!additions.length) return `${found.field.label} already offers ${listOf(match[1]).join(', ')}.`;
      found.field.options = [...(found.field.options ?? []), ...additions];
      if (found.field.type !== 'multiselect') found.field.type = 'select';
      return true;
    }
  }

  // renaming a field or an entity
  match = new RegExp(String.raw`^(?:rename|change)\s+${THE}(.+?)(?:\s+(?:field|column|entity|table))?${AT}\s+(?:to|into|as)\s+["']?(.+?)["']?$`, 'i').exec(clause);
  if (match && /^rename/i.test(clause) || match && /\b(?:field|column|name)\b/i.test(clause)) {
    const [, from, within, to] = match;
    const entity = within ? undefined : findEntity(plan, from);
    if (entity) {
      renameEntity(plan, entity, to);
      return true;
    }
    const found = findField(plan, from, findEntity(plan, within));
    if (!found) throw new BlueprintPromptError(`There is no entity or field "${from}" to rename.`);
    const name = toSnake(to.replace(/\s+field$/i, ''));
    if (found.entity.fields.some((field) => field.name === name && field !== found.field)) throw new BlueprintPromptError(`${found.entity.label} already has a field "${name}".`);
    for (const view of plan.views) if (view.entity === found.entity.name && view.field === found.field.name) view.field = name;
    found.field.name = name;
    found.field.label = toSentence(to.replace(/\s+field$/i, ''));
    return true;
  }

  // removing fields or an entity
  match = new RegExp(String.raw`^(?:remove|delete|drop|get rid of|take out|hide|lose)\s+${THE}(.+?)(?:\s+(?:field|fields|column|columns))?(?:\s+(?:from|in|on|of)\s+${THE}(.+?))?$`, 'i').exec(clause);
  if (match) {
    const within = findEntity(plan, match[2]);
    let changed = false;
    for (const reference of listOf(match[1], false).map(withoutDeterminer)) {
      // "remove projects" is the entity even where tasks have a project field pointing at it
      const named = !within ? findEntity(plan, reference) : undefined;
      const found = named && (isPlural(toSnake(reference).split('_').pop() ?? '') || plan.entities.some((other) => other.fields.some((field) => field.entity === named.name))) ? undefined : findField(plan, reference, within);
      if (found) {
        if (found.entity.fields.length === 1) throw new BlueprintPromptError(`"${found.field.label}" is the only field of ${found.entity.label}; an entity needs at least one.`);
        found.entity.fields = found.entity.fields.filter((field) => field !== found.field);
        plan.views = plan.views.filter((view) => !(view.entity === found.entity.name && view.field === found.field.name));
        changed = true;
        continue;
      }
      const entity = !within ? findEntity(plan, reference) : undefined;
      if (entity) {
        if (plan.entities.length === 1) throw new BlueprintPromptError(`${entity.label} is the app's only entity; an app needs at least one.`);
        removeEntity(plan, entity);
        changed = true;
        continue;
      }
      throw new BlueprintPromptError(`There is no field or entity "${reference}" to remove.`);
    }
    return changed;
  }

  // fields for a named entity: "add a category field to recipes", "give recipes a difficulty", "recipes should have a source"
  match = new RegExp(String.raw`^(?:add|include|store|track|record|save|keep|put|attach|show)\s+(.+?)\s+(?:to|for|on|in|into)\s+${THE}(.+?)$`, 'i').exec(clause);
  // "add a table for stylists" asks for a table, not for a field called "table"
  if (match && new RegExp(String.raw`^(?:(?:an?|another|new)\s+)*${TABLE_WORDS}$`, 'i').test(match[1])) match = null;
  let target = match ? findEntity(plan, match[2]) : undefined;
  let fieldText = match?.[1];
  if (match && !target && /^add\s/i.test(clause) && /\s(?:to|into)\s/i.test(clause) && !/^(?:app|application|it|them|everything)$/i.test(match[2])) {
    // "add a rating to reviews" when there are no reviews: say so rather than invent an entity "rating to reviews"
    throw new BlueprintPromptError(`There is no "${match[2]}" in the app to add ${match[1]} to; it has ${joinLabels(plan.entities)}.`);
  }
  if (!target) {
    match = new RegExp(String.raw`^give\s+${THE}(.+?)\s+(?:an?\s+|some\s+)(.+)$`, 'i').exec(clause)
      ?? new RegExp(String.raw`^${THE}(.+?)\s+(?:should|must|can|could|need to|needs to)\s+(?:also\s+)?(?:have|has|include|store|show|get)\s+(.+)$`, 'i').exec(clause);
    target = match ? findEntity(plan, match[1]) : undefined;
    fieldText = match?.[2];
  }
  if (target && fieldText) {
    const fields = fieldsFromText(fieldText, domainKeyOf(target));
    if (!fields.length) throw new BlueprintPromptError(`Could not read a field in "${fieldText}".`);
    return addFields(target, fields);
  }

  // "add a category field": a field of the first entity; "add cooking methods with ...": a new entity
  match = /^(?:add|include|create|track|manage|save|store|log|keep track of|keep|record|plan|collect|list)\s+(.+)$/i.exec(clause);
  if (match) {
    const object = match[1].replace(new RegExp(String.raw`^(?:(?:an?|another|new|some|the|my)\s+)*(?:${TABLE_WORDS}\s+(?:for|of|called|named)\s+)?`, 'i'), '');
    const explicitEntity = new RegExp(String.raw`^(?:add|create)\s+(?:an?\s+|another\s+|new\s+)*${TABLE_WORDS}\b`, 'i').test(clause);
    const [head, rest] = object.split(/\s+(?:with|having|that have|including)\s+/i);
    const existing = findEntity(plan, head);
    // a table the app has: the fields named with it are added to it, and with none there is nothing to add
    if (existing) {
      if (!rest) return alreadyHas(existing);
      const outcome = addFields(existing, fieldsFromText(rest, domainKeyOf(existing)));
      return typeof outcome === 'string' ? `The app already has a table of ${existing.label.toLowerCase()}, and ${outcome.charAt(0).toLowerCase()}${outcome.slice(1)}` : outcome;
    }
    const headWords = tokenize(head).filter((token) => !token.punct).map((token) => token.text);
    const last = headWords[headWords.length - 1] ?? '';
    const isField = /\b(?:field|fields|column|columns)\b/i.test(object) || (FIELD_LIBRARY[toSnake(head)] !== undefined && !isPlural(last));
    const noun = matchDomainNoun(tokenize(head), 0);
    if (!isField && headWords.length && headWords.length <= 3 && (explicitEntity || noun || isPlural(last))) {
      if (plan.entities.length >= MAX_ENTITIES) throw new BlueprintPromptError(`An app made by the blueprint generator has at most ${MAX_ENTITIES} entities.`);
      const singular = noun && noun.length === headWords.length ? noun.singular : toSnake([...headWords.slice(0, -1), singularize(last)].join(' '));
      const domainKey = noun && noun.length === headWords.length ? noun.domainKey : null;
      const draft: EntityDraft = { singular, domainKey, fields: rest ? fieldsFromText(rest, domainKey) : [], measurement: false };
      const scoped = plan.entities.some((entity) => entity.user_scoped) || isUserScoped({ personal: false, shared: false }, domainKey);
      const entity = entityFromDraft(draft, scoped);
      const same = plan.entities.find((candidate) => candidate.name === entity.name);
      if (same) return alreadyHas(same);
      plan.entities.push(entity);
      return true;
    }
    const [primary] = plan.entities;
    const fields = fieldsFromText(object, domainKeyOf(primary));
    if (fields.length) return addFields(primary, fields);
  }

  // anything else: read it like a first prompt that already knows the app's entities
  return mergeReading(plan, clause);
}

function mergeReading(plan: AppPlan, clause: string): boolean {
  const known: EntityDraft[] = plan.entities.map((entity) => ({ singular: singularSnake(entity.name), domainKey: domainKeyOf(entity), fields: [], measurement: false }));
  const reading = readPrompt(clause, known);
  let changed = false;
  reading.entities.forEach((draft, index) => {
    if (index < known.length) {
      const entity = plan.entities[index];
      const fields = index === 0 ? [...draft.fields, ...reading.appFields] : draft.fields;
      for (const field of fields) {
        if (!entity.fields.some((candidate) => candidate.name === field.name)) {
          addField(entity.fields, field);
          changed = true;
        }
      }
    } else if (plan.entities.length < MAX_ENTITIES) {
      plan.entities.push(entityFromDraft(draft, plan.entities.some((entity) => entity.user_scoped) || isUserScoped(reading, draft.domainKey)));
      changed = true;
    }
  });
  return changed;
}

/** Instructions of an update prompt: sentences, and "... and remove ..." style joins. */
export function splitInstructions(prompt: string): string[] {
  return prompt
    .split(/\s*(?:[.;!?\n]+(?:\s|$)|,?\s+(?:and\s+)?then\s+|,?\s+and\s+(?=(?:also\s+)?(?:add|remove|delete|drop|rename|make|change|set|include|call|give|get rid of)\b)|,\s+(?=(?:add|remove|delete|drop|rename|make|change|set|give)\b))\s*/i)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function applyRevision(plan: AppPlan, prompt: string, describe: (entities: EntityPlan[]) => string): Revision {
  const next = clonePlan(plan);
  let changed = false;
  const notUnderstood: string[] = [];
  const alreadySo: string[] = [];
  for (const instruction of splitInstructions(prompt)) {
    const outcome = applyClause(next, instruction);
    if (outcome === true) changed = true;
    else if (outcome === false) notUnderstood.push(instruction);
    else alreadySo.push(outcome);
  }
  // the app already is as asked: the job fails with why, rather than with "did not understand" or a redeploy of the same app
  if (!changed && alreadySo.length && !notUnderstood.length) throw new BlueprintPromptError(alreadySo.join(' '));
  if (!changed) {
    throw new BlueprintPromptError(
      `${alreadySo.map((reason) => `${reason} `).join('')}The blueprint generator did not understand ${notUnderstood.map((instruction) => `"${instruction}"`).join(', ') || 'the update prompt'}: it names no change it can make. It understands, for example: "add a category field to recipes", ` +
        '"remove the rating", "rename the cooking time field to prep time", "make the due date required", ' +
        '"change the status options to open, doing and done", "also track cooking methods", "show tasks as a board", "rename the app to Kitchen Book".',
    );
  }
  const previousDescription = describe(plan.entities);
  if (plan.description === previousDescription || !plan.description) next.description = describe(next.entities);
  const { views, ...revised } = next;
  // an entity read from the update may point at one the app does not have
  for (const entity of revised.entities) entity.fields = entity.fields.filter((field) => !field.entity || revised.entities.some((other) => other.name === field.entity));
  revised.pages = pagesFor(revised.entities, revised.name, views, revised.language);
  revised.prompts = [...plan.prompts, prompt];
  return { plan: revised, changed };
}
