import {
  fieldValue,
  filterableValues,
  flattenAlert,
  formatFieldValue,
} from '../table/alert-fields';
import {
  addFilter,
  describeFilter,
  existsFilter,
  removeFilter,
  updateFilter,
  valueFilter,
} from './alert-filters';

describe('filter pills', () => {
  it('describes each kind of filter as a pill reads', () => {
    expect(describeFilter(valueFilter('agent.name', 'web-01'))).toBe('agent.name: web-01');
    expect(describeFilter(valueFilter('agent.name', 'web-01', true))).toBe(
      'NOT agent.name: web-01',
    );
    expect(describeFilter({ field: 'rule.groups', type: 'is_one_of', values: ['a', 'b'] })).toBe(
      'rule.groups: is one of a, b',
    );
    expect(describeFilter(existsFilter('rule.mitre.id', true))).toBe('NOT rule.mitre.id: exists');
    expect(describeFilter({ field: 'rule.level', type: 'between', gte: 12 })).toBe(
      'rule.level: 12 to +∞',
    );
    expect(describeFilter({ field: 'rule.level', type: 'between', lte: 6 })).toBe(
      'rule.level: −∞ to 6',
    );
  });

  it('turns a pill around instead of adding its contradiction, and keeps other pills', () => {
    const other = existsFilter('rule.mitre.id');
    const filters = addFilter([other], valueFilter('agent.name', 'web-01'));
    expect(filters).toHaveLength(2);
    const out = addFilter(filters, valueFilter('agent.name', 'web-01', true));
    expect(out).toEqual([
      other,
      { field: 'agent.name', type: 'is', value: 'web-01', negate: true },
    ]);
    expect(addFilter(out, valueFilter('agent.name', 'db-01'))).toHaveLength(3);
  });

  it('negates, disables and removes one pill, writing no false flags', () => {
    const filters = [valueFilter('a', 1), valueFilter('b', 2)];
    const negated = updateFilter(filters, 1, { negate: true, disabled: true });
    expect(negated[1]).toEqual({ field: 'b', type: 'is', value: 2, negate: true, disabled: true });
    expect(updateFilter(negated, 1, { negate: false, disabled: false })[1]).toEqual(filters[1]);
    expect(removeFilter(filters, 0)).toEqual([filters[1]]);
  });
});

describe('alert fields', () => {
  const source = {
    timestamp: '2026-11-26T12:00:00.000Z',
    agent: { id: '001', name: 'web-01' },
    rule: { groups: ['ossec', 'syscheck'], mitre: { id: ['T1110'] } },
    'data.win.system': { eventID: 4625 },
    empty: null,
  };

  it('flattens nested fields to dotted names, arrays as one field', () => {
    expect(flattenAlert(source)).toEqual({
      timestamp: '2026-11-26T12:00:00.000Z',
      'agent.id': '001',
      'agent.name': 'web-01',
      'rule.groups': ['ossec', 'syscheck'],
      'rule.mitre.id': ['T1110'],
      'data.win.system.eventID': 4625,
      empty: null,
    });
  });

  it('reads a dotted field through objects and dotted keys alike', () => {
    expect(fieldValue(source, 'agent.name')).toBe('web-01');
    expect(fieldValue(source, 'data.win.system.eventID')).toBe(4625);
    expect(fieldValue(source, 'agent.ip')).toBeUndefined();
  });

  it('formats values for cells, and offers scalars to filter on', () => {
    expect(formatFieldValue('rule.groups', ['ossec', 'syscheck'])).toBe('ossec, syscheck');
    expect(formatFieldValue('agent.ip', undefined)).toBe('–');
    expect(formatFieldValue('timestamp', 'not a date')).toBe('not a date');
    expect(formatFieldValue('timestamp', '2026-11-26T12:00:00.000Z')).toMatch(
      /^Nov 26, 2026 @ \d\d:00:00\.000$/,
    );
    expect(filterableValues(['a', { b: 1 }, 3])).toEqual(['a', 3]);
    expect(filterableValues({ b: 1 })).toEqual([]);
  });
});
