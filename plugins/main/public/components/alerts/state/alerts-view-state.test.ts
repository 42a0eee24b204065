import {
  alertsViewParams,
  alertsViewSearch,
  parseFilters,
  readAlertsViewState,
} from './alerts-view-state';

describe('alerts view state in the URL', () => {
  it('defaults to the last 24 hours, DQL, no query, no filters, paused', () => {
    expect(readAlertsViewState(new URLSearchParams())).toEqual({
      timeRange: { from: 'now-24h', to: 'now' },
      refreshSeconds: undefined,
      query: { language: 'kuery', query: '' },
      filters: [],
    });
  });

  it('reads back what it writes, leaving defaults out of the URL', () => {
    const state = {
      timeRange: { from: 'now-7d', to: 'now' },
      refreshSeconds: 30,
      query: { language: 'lucene' as const, query: 'rule.groups:syscheck' },
      filters: [
        { field: 'agent.name', type: 'is' as const, value: 'web-01', negate: true },
        { field: 'rule.level', type: 'between' as const, gte: 12, lte: 14 },
        { field: 'rule.mitre.id', type: 'exists' as const, disabled: true },
        { field: 'rule.groups', type: 'is_one_of' as const, values: ['a', 'b'] },
      ],
      indexPattern: 'wazuh-archives-*',
    };
    const search = alertsViewSearch(state, { host: 'prod' });
    expect(readAlertsViewState(new URLSearchParams(search))).toEqual(state);
    expect(new URLSearchParams(search).get('host')).toBe('prod');
    expect(
      alertsViewParams({
        timeRange: { from: 'now-24h', to: 'now' },
        query: { language: 'kuery', query: '' },
        filters: [],
        refreshSeconds: undefined,
      }),
    ).toEqual({
      from: undefined,
      to: undefined,
      refresh: undefined,
      query: undefined,
      language: undefined,
      filters: undefined,
    });
  });

  it('drops filters a hand-edited or cut link spoils, keeping the sound ones', () => {
    expect(parseFilters('[{"field":"a","type":"is","value":1},{"field":"b","type":"is"}]')).toEqual(
      [{ field: 'a', type: 'is', value: 1 }],
    );
    expect(parseFilters('[{"field":"a","type":"between"},{"type":"exists"}]')).toEqual([]);
    expect(parseFilters('[{"field":"a","type":"is_one_of","values":[]}]')).toEqual([]);
    expect(parseFilters('[{"field":"a","type":"script","source":"x"}]')).toEqual([]);
    expect(parseFilters('[{"field":"a","ty')).toEqual([]);
    expect(parseFilters('{"field":"a"}')).toEqual([]);
    expect(readAlertsViewState(new URLSearchParams('refresh=-5&language=sql')).query.language).toBe(
      'kuery',
    );
    expect(readAlertsViewState(new URLSearchParams('refresh=-5')).refreshSeconds).toBeUndefined();
  });
});
