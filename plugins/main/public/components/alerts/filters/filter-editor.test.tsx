import { draftToFilter } from './filter-editor';

const draft = {
  field: 'rule.level',
  operator: 'is' as const,
  value: '',
  values: [],
  gte: '',
  lte: '',
};

describe('the filter editor', () => {
  it('makes each operator into its filter, numbers typed for number fields', () => {
    expect(draftToFilter({ ...draft, value: '12' }, 'number')).toEqual({
      filter: { field: 'rule.level', type: 'is', value: 12 },
    });
    expect(draftToFilter({ ...draft, operator: 'is_not', value: '12' }, 'string')).toEqual({
      filter: { field: 'rule.level', type: 'is', value: '12', negate: true },
    });
    expect(
      draftToFilter(
        { ...draft, field: 'rule.groups', operator: 'is_not_one_of', values: ['a', 'b'] },
        'string',
      ),
    ).toEqual({
      filter: { field: 'rule.groups', type: 'is_one_of', values: ['a', 'b'], negate: true },
    });
    expect(draftToFilter({ ...draft, operator: 'not_exists' }, undefined)).toEqual({
      filter: { field: 'rule.level', type: 'exists', negate: true },
    });
    expect(draftToFilter({ ...draft, operator: 'between', gte: '7', lte: '' }, 'number')).toEqual({
      filter: { field: 'rule.level', type: 'between', gte: 7 },
    });
    expect(draftToFilter({ ...draft, field: 'rule.mail', value: 'true' }, 'boolean')).toEqual({
      filter: { field: 'rule.mail', type: 'is', value: true },
    });
  });

  it('says what is missing', () => {
    expect(draftToFilter({ ...draft, field: ' ' }, undefined)).toEqual({ error: 'Choose a field' });
    expect(draftToFilter(draft, 'number')).toEqual({ error: 'Enter a value' });
    expect(draftToFilter({ ...draft, operator: 'is_one_of' }, 'number')).toEqual({
      error: 'Enter at least one value',
    });
    expect(draftToFilter({ ...draft, operator: 'between' }, 'number')).toEqual({
      error: 'Enter a start, an end or both',
    });
  });
});
