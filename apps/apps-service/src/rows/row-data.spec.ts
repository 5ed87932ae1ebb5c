import { validate, WriteRowRequest, type EntityPlan } from '@appgen/contracts';
import { defineEntity } from '../entities/entity-definition';
import { checkExpand, checkFilters, checkOrder, checkRowData } from './row-data';

const NO_OTHER_ENTITIES = new Set<string>();

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
  }, NO_OTHER_ENTITIES);
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
    }, NO_OTHER_ENTITIES);
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
    expect(defineEntity({ ...entries, fields, user_scoped: false, open_writes: true }, NO_OTHER_ENTITIES).entity).toMatchObject({ user_scoped: false, open_writes: true });
    expect(defineEntity({ ...entries, fields, user_scoped: true, open_writes: true }, NO_OTHER_ENTITIES)).toEqual({
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
    }, NO_OTHER_ENTITIES);
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

describe('reference columns', () => {
  const expenses = (fields: EntityPlan['fields']): EntityPlan => ({ name: 'expenses', label: 'Expenses', label_singular: 'Expense', user_scoped: false, fields });
  const paidBy = { name: 'paid_by', label: 'Paid by', type: 'reference' as const, required: true, entity: 'people' };
  const sharedAmong = { name: 'shared_among', label: 'Shared among', type: 'references' as const, required: false, entity: 'people', on_delete: 'set_null' as const };

  it('stores the entity each points at and its delete rule, restrict unless given', () => {
    const defined = defineEntity(expenses([paidBy, sharedAmong]), new Set(['people']));
    expect(defined.errors).toEqual([]);
    expect(defined.entity?.fields).toEqual([
      { ...paidBy, on_delete: 'restrict' },
      { ...sharedAmong, on_delete: 'set_null' },
    ]);
    // An entity may point at its own rows (a person's manager) before it exists.
    const managers = defineEntity({ name: 'staff', label: 'Staff', label_singular: 'Member', user_scoped: false, fields: [{ ...paidBy, name: 'manager', entity: 'staff', required: false }] }, NO_OTHER_ENTITIES);
    expect(managers.errors).toEqual([]);
  });

  it('names the field of a reference without an entity, to an entity the app lacks, a misplaced rule, set_null on a required reference and a default', () => {
    const { entity: _entity, ...noTarget } = paidBy;
    const defined = defineEntity(
      expenses([
        noTarget,
        { ...sharedAmong, entity: 'persons' },
        { name: 'note', label: 'Note', type: 'text', required: false, entity: 'people', on_delete: 'cascade' },
        { ...paidBy, name: 'approved_by', on_delete: 'set_null' },
        { ...paidBy, name: 'checked_by', required: false, default_value: 1 },
      ]),
      new Set(['people', 'trips']),
    );
    expect(defined.errors).toEqual([
      { field: 'fields[0].entity', message: 'must name the entity whose rows a reference column points at' },
      { field: 'fields[1].entity', message: 'must be an entity of this app (it has expenses, people, trips); persons is not one' },
      { field: 'fields[2].entity', message: 'applies to reference and references columns only' },
      { field: 'fields[2].on_delete', message: 'applies to reference and references columns only' },
      {
        field: 'fields[3].on_delete',
        message: 'cannot be set_null on a required reference: the row would be left without the value it requires; use restrict or cascade',
      },
      { field: 'fields[4].default_value', message: 'a reference column has no default: the row it would name may not exist' },
    ]);
  });

  it('reads a filter on a reference or references field as a row id, also from query-string text', () => {
    const entity = defineEntity(expenses([paidBy, sharedAmong, { name: 'amount', label: 'Amount', type: 'number', required: false }]), new Set(['people'])).entity;
    if (!entity) throw new Error('not defined');
    expect(checkFilters(entity, { paid_by: '7', shared_among: 7, amount: '12.5' }).value?.map((filter) => filter.value)).toEqual([7, 7, 12.5]);
    expect(checkFilters(entity, { paid_by: '', shared_among: null }).value?.map((filter) => filter.value)).toEqual([null, null]);
    expect(checkFilters(entity, { paid_by: 'ann', shared_among: [7] }).errors).toEqual([
      { field: 'filters.paid_by', message: 'must be the id of a row of people' },
      { field: 'filters.shared_among', message: 'must be the id of a row of people' },
    ]);
  });

  it('expands only reference fields of the entity, naming them when another is asked for', () => {
    const entity = defineEntity(expenses([paidBy, sharedAmong, { name: 'amount', label: 'Amount', type: 'number', required: false }]), new Set(['people'])).entity;
    if (!entity) throw new Error('not defined');
    expect(checkExpand(entity, ['paid_by', 'shared_among', 'paid_by']).value?.map((field) => field.name)).toEqual(['paid_by', 'shared_among']);
    expect(checkExpand(entity, undefined).value).toEqual([]);
    expect(checkExpand(entity, ['amount', 'payer']).errors).toEqual([
      { field: 'expand', message: 'amount is not a reference field of expenses: its reference fields are paid_by, shared_among' },
      { field: 'expand', message: 'payer is not a reference field of expenses: its reference fields are paid_by, shared_among' },
    ]);
    expect(checkExpand(recipes(), ['title']).errors).toEqual([{ field: 'expand', message: 'title is not a reference field of recipes: it has no reference fields' }]);
  });
});

describe('checkFilters and checkOrder', () => {
  const entity = recipes();

  it('checks filter fields and values', () => {
    expect(checkFilters(entity, { course: 'main', rating: null }).value?.map((filter) => [filter.field.name, filter.value])).toEqual([
      ['course', 'main'],
      ['rating', null],
    ]);
    expect(checkFilters(entity, { colour: 'red', course: 'brunch' }).errors.map((e) => e.field)).toEqual(['filters.colour', 'filters.course']);
  });

  it('orders by a field or a row column, - meaning descending', () => {
    expect(checkOrder(entity, undefined).value).toEqual({ column: 'id', isField: false, direction: 'ASC' });
    expect(checkOrder(entity, '-rating').value).toEqual({ column: 'rating', isField: true, direction: 'DESC' });
    expect(checkOrder(entity, 'created_at').value).toEqual({ column: 'created_at', isField: false, direction: 'ASC' });
    expect(checkOrder(entity, 'colour; drop table').errors[0]?.field).toBe('order_by');
  });
});
