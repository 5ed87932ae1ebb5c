import { AppsSubjects, RPC_SCHEMAS, validate, type EntityField, type EntityPlan } from '@appgen/contracts';
import { defineEntity } from './entity-definition';

const title: EntityField = { name: 'title', label: 'Title', type: 'text', required: true };
const base: EntityPlan = { name: 'tasks', label: 'Tasks', label_singular: 'Task', fields: [title], user_scoped: false };

/** What apps-service answers a define-entity message with before its handler runs: the subject's schema. */
function boundaryErrors(entity: unknown): Array<{ field: string; message: string }> {
  const request = RPC_SCHEMAS[AppsSubjects.defineEntity]?.request;
  if (!request) throw new Error('no schema for the define-entity subject');
  const checked = validate(request, { caller: { accountId: 1, email: 'owner@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [] }, id: 'k3x9q2m7w1ab', entity });
  return checked.ok ? [] : checked.errors;
}

describe('entity definitions as stored text', () => {
  it('keeps given labels, hints and choices that are one line within their limits', () => {
    const entity: EntityPlan = {
      ...base,
      label: 'Tâches 📋',
      label_singular: 'Tâche',
      fields: [{ name: 'state', label: 'État', type: 'select', required: false, hint: 'where it stands', options: ['open', 'done'] }],
    };
    expect(boundaryErrors(entity)).toEqual([]);
    const defined = defineEntity(entity, new Set());
    expect(defined.errors).toEqual([]);
    expect(defined.entity).toMatchObject({ label: 'Tâches 📋', label_singular: 'Tâche', fields: [{ label: 'État', hint: 'where it stands', options: ['open', 'done'] }] });
  });

  it('refuses control and bidi characters and oversize labels, hints and choices at the subject, naming where', () => {
    const errors = boundaryErrors({
      ...base,
      label: 'Tasks\r\n',
      label_singular: 'T'.repeat(101),
      fields: [
        { ...title, label: 'Title\u202E', hint: 'tab\there' },
        { name: 'state', label: 'State', type: 'select', required: false, options: ['open', 'do\u0085ne'] },
        { name: 'tags', label: 'Tags', type: 'multiselect', required: false, options: Array.from({ length: 101 }, (_, index) => `tag ${index}`) },
      ],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'entity.fields.0.label', message: 'must not contain bidirectional text controls (U+202E at character 6)' },
        { field: 'entity.fields.0.hint', message: 'must not contain tabs (U+0009 at character 4)' },
        { field: 'entity.fields.1.options.1', message: 'must not contain control characters (U+0085 at character 3)' },
        { field: 'entity.fields.2.options', message: 'must have at most 100 items' },
        { field: 'entity.label', message: 'must not contain line breaks (U+000D at character 6)' },
        { field: 'entity.label_singular', message: 'must be at most 100 characters' },
      ]),
    );
    expect(errors).toHaveLength(6);
  });

  it('refuses at the subject a name longer than an identifier may be, or not snake_case, and an entity without fields or labels', () => {
    expect(boundaryErrors({ ...base, name: 'a'.repeat(64) })).toEqual([{ field: 'entity.name', message: 'must be at most 63 characters' }]);
    expect(boundaryErrors({ ...base, name: 'Recipes', fields: [{ ...title, name: 'Title' }] })).toEqual([
      { field: 'entity.name', message: 'must be snake_case: a lower-case letter, then lower-case letters, digits or _' },
      { field: 'entity.fields.0.name', message: 'must be snake_case: a lower-case letter, then lower-case letters, digits or _' },
    ]);
    expect(boundaryErrors({ ...base, fields: [] })).toEqual([{ field: 'entity.fields', message: 'must not be empty' }]);
    const { label: _label, ...unlabelled } = base;
    expect(boundaryErrors(unlabelled)).toEqual([{ field: 'entity.label', message: 'is required' }]);
  });

  it('refuses at the subject a column type it does not know and flags that are not true or false', () => {
    expect(boundaryErrors({ ...base, user_scoped: 'yes', open_writes: 1, fields: [{ ...title, type: 'bigint' }] })).toEqual(
      expect.arrayContaining([
        { field: 'entity.fields.0.type', message: 'must be one of text, integer, number, boolean, date, datetime, select, multiselect, json, reference, references' },
        { field: 'entity.user_scoped', message: 'must be true or false' },
        { field: 'entity.open_writes', message: 'must be true or false' },
      ]),
    );
  });
});
