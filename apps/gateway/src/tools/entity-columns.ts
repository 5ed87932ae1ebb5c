import { Closed, EntityField, SelectOptions, Type, type EntityPlan, type Static } from '@appgen/contracts';

export const USER_SCOPINGS = ['user_scoped', 'shared'] as const;
export type UserScoping = (typeof USER_SCOPINGS)[number];

/**
 * One element of svc-create-entity's `columns` (decisions.md): a column of the entity's definition (EntityField,
 * whose limits apps-service holds it to) without its label, which is made from the name; flags default to false.
 * A reference or references column names the `entity` whose rows it points at and what deleting one does (`on_delete`).
 */
export const EntityColumn = Closed({
  name: EntityField.properties.name,
  type: EntityField.properties.type,
  required: Type.Optional(Type.Boolean({ default: false })),
  unique: Type.Optional(Type.Boolean({ default: false })),
  default_value: EntityField.properties.default_value,
  options: Type.Optional(SelectOptions),
  entity: EntityField.properties.entity,
  on_delete: EntityField.properties.on_delete,
});
export type EntityColumn = Static<typeof EntityColumn>;

/** `cooking_time` → `Cooking time`. */
export function labelOf(name: string): string {
  const words = name.split('_').filter((word) => word !== '');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** English plurals no suffix rule makes; an entity of people is a usual one (who paid, who takes part). */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = { people: 'person', children: 'child', men: 'man', women: 'woman' };

/** `recipes` → `recipe`, `categories` → `category`, `people` → `person`; a name that is not an English plural stays as it is. */
function singular(word: string): string {
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular !== undefined) return irregular;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The entity a tool call describes, in the plan shape generators produce. `openWrites` lets visitors who
 * are not signed in write its rows too; apps-service refuses it on a user_scoped entity (422).
 */
export function entityFromColumns(name: string, columns: EntityColumn[], scoping: UserScoping, openWrites = false): EntityPlan {
  const fields: EntityField[] = columns.map((column) => ({
    name: column.name,
    label: labelOf(column.name),
    type: column.type,
    required: column.required ?? false,
    ...(column.unique === undefined ? {} : { unique: column.unique }),
    ...(column.default_value === undefined ? {} : { default_value: column.default_value }),
    ...(column.options === undefined ? {} : { options: column.options }),
    ...(column.entity === undefined ? {} : { entity: column.entity }),
    ...(column.on_delete === undefined ? {} : { on_delete: column.on_delete }),
  }));
  const words = name.split('_');
  const last = words.pop() ?? name;
  return {
    name,
    label: labelOf(name),
    label_singular: labelOf([...words, singular(last)].join('_')),
    fields,
    user_scoped: scoping === 'user_scoped',
    open_writes: openWrites,
  };
}
