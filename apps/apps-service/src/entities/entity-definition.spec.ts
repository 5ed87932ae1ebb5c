import { defineEntity } from './entity-definition';

describe('entity definitions as stored text', () => {
  const base = { name: 'tasks', fields: [{ name: 'title', label: 'Title', type: 'text' as const, required: true }] };

  it('keeps given labels, hints and choices that are one line within their limits', () => {
    const defined = defineEntity({
      ...base,
      label: 'Tâches 📋',
      label_singular: 'Tâche',
      fields: [{ name: 'state', label: 'État', type: 'select', required: false, hint: 'where it stands', options: ['open', 'done'] }],
    });
    expect(defined.errors).toEqual([]);
    expect(defined.entity).toMatchObject({ label: 'Tâches 📋', label_singular: 'Tâche', fields: [{ label: 'État', hint: 'where it stands', options: ['open', 'done'] }] });
  });

  it('refuses control and bidi characters and oversize labels, hints and choices, naming where', () => {
    const defined = defineEntity({
      ...base,
      label: 'Tasks\r\n',
      label_singular: 'T'.repeat(101),
      fields: [
        { name: 'title', label: 'Title\u202E', type: 'text', required: true, hint: 'tab\there' },
        { name: 'state', label: '', type: 'select', required: false, options: ['open', 'do\u0085ne'] },
        { name: 'tags', label: '', type: 'multiselect', required: false, options: Array.from({ length: 101 }, (_, index) => `tag ${index}`) },
      ],
    });
    expect(defined.errors).toEqual([
      { field: 'fields[0].label', message: 'must not contain bidirectional text controls (U+202E at character 6)' },
      { field: 'fields[0].hint', message: 'must not contain tabs (U+0009 at character 4)' },
      { field: 'fields[1].options', message: 'each choice must not contain control characters (U+0085 at character 3)' },
      { field: 'fields[2].options', message: 'may list at most 100 choices' },
      { field: 'label', message: 'must not contain line breaks (U+000D at character 6)' },
      { field: 'label_singular', message: 'must be at most 100 characters' },
    ]);
  });

  it('refuses a name longer than an identifier may be', () => {
    expect(defineEntity({ ...base, name: 'a'.repeat(64) }).errors).toEqual([{ field: 'name', message: 'must be at most 63 characters' }]);
  });
});
