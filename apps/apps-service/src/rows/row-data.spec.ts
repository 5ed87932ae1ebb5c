import { validate, WriteRowRequest, type EntityPlan } from '@appgen/contracts';
import { defineEntity } from '../entities/entity-definition';
import { checkFilters, checkOrder, checkRowData } from './row-data';

const labels = { label: 'Label' };

function recipes(): EntityPlan {
  const defined = defineEntity({
    name: 'recipes',
    label: 'Recipes',
    label_singular: 'Recipe',
    user_scoped: false,
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'cooking_time', label: 'Cooking time', type: 'integer', required: false, hint: 'minutes' },
      { name: 'rating', label: 'Rating', type: 'number', required: false },
      { name: 'vegan', label: 'Vegan', type: 'boolean', required: false, default_value: false },
      { name: 'cooked_on', label: 'Cooked on', type: 'date', required: false },
      { name: 'saved_at', label: 'Saved at', type: 'datetime', required: false },
      { name: 'course', label: 'Course', type: 'select', required: false, options: ['starter', 'main', 'dessert'] },
      { name: 'tags', label: 'Tags', type: 'multiselect', required: false, options: ['quick', 'cheap'] },
      { name: 'extra', label: 'Extra', type: 'json', required: false },
    ],
  });
  if (!defined.entity) throw new Error(JSON.stringify(defined.errors));
  return defined.entity;
}

describe('defineEntity', () => {
  const entries = { name: 'entries', label: 'Entries', label_singular: 'Entry' };

  it('stores flags as false unless set, and choices only on choice columns', () => {
    const defined = defineEntity({
      ...entries,
      user_scoped: false,
      fields: [
        { name: 'best_before', type: 'date', label: 'Best before', required: false, hint: '' },
        { name: 'note', type: 'text', label: 'Note', required: false, options: ['ignored'], unique: false },
      ],
    });
    expect(defined.entity).toEqual({
      ...entries,
      user_scoped: false,
      open_writes: false,
      fields: [
        { name: 'best_before', label: 'Best before', type: 'date', required: false },
        { name: 'note', label: 'Note', type: 'text', required: false },
      ],
    });
  });

  it('opens an entity to writes by visitors only when asked, and never a user_scoped one', () => {
    const fields = [{ name: 'message', label: 'Message', type: 'text' as const, required: true }];
    expect(defineEntity({ ...entries, fields, user_scoped: false, open_writes: true }).entity).toMatchObject({ user_scoped: false, open_writes: true });
    expect(defineEntity({ ...entries, fields, user_scoped: true, open_writes: true })).toEqual({
      entity: null,
      errors: [{ field: 'open_writes', message: 'applies to shared entities only: rows of a user_scoped entity belong to signed-in users' }],
    });
  });

  it('names every problem the whole definition shows: missing or repeated choices, reserved and repeated names, defaults', () => {
    const defined = defineEntity({
      ...entries,
      user_scoped: false,
      fields: [
        { ...labels, name: 'title', type: 'text', required: true },
        { ...labels, name: 'course', type: 'select', required: false },
        { ...labels, name: 'id', type: 'integer', required: false },
        { ...labels, name: 'rating', type: 'number', required: false },
        { ...labels, name: 'rating', type: 'number', required: false, default_value: 'high' },
        { ...labels, name: 'tags', type: 'multiselect', required: false, options: ['a', 'a'] },
      ],
    });
    expect(defined.entity).toBeNull();
    expect(defined.errors).toEqual([
      { field: 'fields[1].options', message: 'must list the choices of a select as non-empty strings' },
      { field: 'fields[2].name', message: 'id is reserved for every row' },
      { field: 'fields[4].name', message: 'repeats rating' },
      { field: 'fields[4].default_value', message: 'must be a number' },
      { field: 'fields[5].options', message: 'must not repeat a choice' },
    ]);
  });
});

describe('checkRowData', () => {
  const entity = recipes();

  it('accepts values of every type, applies defaults and sets absent fields to null on insert', () => {
    const checked = checkRowData(
      entity,
      {
        title: 'Soup',
        cooking_time: 30,
        rating: 4.5,
        cooked_on: '2024-02-29',
        saved_at: '2025-01-31T09:30:00.123Z',
        course: 'main',
        tags: ['quick'],
        extra: { serves: 4 },
      },
      'insert',
    );
    expect(checked).toEqual({
      errors: [],
      value: {
        title: 'Soup',
        cooking_time: 30,
        rating: 4.5,
        vegan: false,
        cooked_on: '2024-02-29',
        saved_at: '2025-01-31T09:30:00.123Z',
        course: 'main',
        tags: ['quick'],
        extra: { serves: 4 },
      },
    });
    expect(checkRowData(entity, { title: 'Bread', cooking_time: '' }, 'insert').value).toMatchObject({ cooking_time: null, course: null });
  });

  it('rejects wrong types with a message per field', () => {
    const checked = checkRowData(
      entity,
      {
        title: 7,
        cooking_time: 1.5,
        rating: 'good',
        vegan: 'yes',
        cooked_on: '2023-02-29',
        saved_at: '2025-01-31',
        course: 'brunch',
        tags: ['quick', 'slow'],
        extra: 'text',
      },
      'insert',
    );
    expect(checked.value).toBeNull();
    expect(Object.fromEntries(checked.errors.map((e) => [e.field, e.message]))).toEqual({
      title: 'must be text',
      cooking_time: 'must be a whole number',
      rating: 'must be a number',
      vegan: 'must be true or false',
      cooked_on: 'must be a date (YYYY-MM-DD)',
      saved_at: 'must be an ISO 8601 date and time with a time zone (e.g. 2025-01-31T09:30:00Z)',
      course: 'must be one of starter, main, dessert',
      tags: 'must be a list of quick, cheap',
      extra: 'must be a JSON object or array',
    });
  });

  it('requires required fields on insert, and keeps them from being emptied on update', () => {
    expect(checkRowData(entity, { rating: 3 }, 'insert').errors).toEqual([{ field: 'title', message: 'is required' }]);
    expect(checkRowData(entity, { title: '' }, 'update').errors).toEqual([{ field: 'title', message: 'is required' }]);
    expect(checkRowData(entity, { rating: 3 }, 'update')).toEqual({ value: { rating: 3 }, errors: [] });
  });

  it('names unknown fields, and ignores the row columns a frontend sends back', () => {
    const checked = checkRowData(entity, { title: 'Soup', colour: 'red', calories: 1 }, 'insert');
    expect(checked.errors.map((e) => e.field)).toEqual(['colour', 'calories']);
    expect(checked.errors[0]?.message).toMatch(/^is not a field of recipes/);
    const sentBack = checkRowData(entity, { id: 3, title: 'Soup', created_at: 'x', updated_at: 'y' }, 'update');
    expect(sentBack).toEqual({ value: { title: 'Soup' }, errors: [] });
    const notAnObject = validate(WriteRowRequest, { app_id: 'k3x9q2m7w1ab', entity: 'recipes', actor: { kind: 'visitor' }, data: ['title'] });
    expect(notAnObject).toMatchObject({ ok: false, errors: [{ field: 'data', message: 'must be an object' }] });
  });
});

describe('checkFilters and checkOrder', () => {
  const entity = recipes();

  it('checks filter fields and values', () => {
    expect(checkFilters(entity, { course: 'main', rating: null })).toEqual({ value: { course: 'main', rating: null }, errors: [] });
    expect(checkFilters(entity, { colour: 'red', course: 'brunch' }).errors.map((e) => e.field)).toEqual(['filters.colour', 'filters.course']);
  });

  it('orders by a field or a row column, - meaning descending', () => {
    expect(checkOrder(entity, undefined).value).toEqual({ column: 'id', isField: false, direction: 'ASC' });
    expect(checkOrder(entity, '-rating').value).toEqual({ column: 'rating', isField: true, direction: 'DESC' });
    expect(checkOrder(entity, 'created_at').value).toEqual({ column: 'created_at', isField: false, direction: 'ASC' });
    expect(checkOrder(entity, 'colour; drop table').errors[0]?.field).toBe('order_by');
  });
});
