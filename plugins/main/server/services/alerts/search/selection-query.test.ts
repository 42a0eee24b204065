import { RequestFieldError } from '../../request-field-error';
import { SearchDatasets } from './datasets';
import { scopedQuery, selectionClauses } from './selection-query';
import { resolveTimeRange } from './time-range';

const fields = new SearchDatasets('wazuh-alerts-*').get('alerts').fields;
const now = new Date('2024-05-10T12:00:00Z');
const timeRange = resolveTimeRange({ from: 'now-24h', to: 'now' }, now);

describe('the query of a selection', () => {
  it('puts the range, the pin, the visible agents, the pinned agent, the query and the filters in filter; negations and agent 000 in must_not', () => {
    const clauses = selectionClauses(
      {
        apiHostId: 'h',
        timeRange: { from: 'now-24h', to: 'now' },
        agentId: '002',
        query: { language: 'kuery', query: 'rule.groups:sshd' },
        filters: [
          { field: 'rule.level', type: 'between', gte: 7, lte: 11 },
          { field: 'agent.name', type: 'is', value: 'db', negate: true },
          { field: 'data.srcip', type: 'exists', disabled: true },
          { field: 'rule.id', type: 'is_one_of', values: ['5710', 5712] },
        ],
      },
      fields,
      now,
    );
    const query = scopedQuery(
      clauses,
      {
        pin: { field: 'cluster.name', value: 'wazuh' },
        agentIds: ['001', '002', '003'],
        hideManagerAlerts: true,
      },
      { field: 'timestamp', range: timeRange },
    );
    expect(query).toEqual({
      bool: {
        filter: [
          {
            range: {
              timestamp: {
                gte: '2024-05-09T12:00:00.000Z',
                lte: '2024-05-10T12:00:00.000Z',
                format: 'strict_date_optional_time',
              },
            },
          },
          { match_phrase: { 'cluster.name': 'wazuh' } },
          { terms: { 'agent.id': ['001', '002', '003'] } },
          { match_phrase: { 'agent.id': '002' } },
          { match_phrase: { 'rule.groups': 'sshd' } },
          { range: { 'rule.level': { gte: 7, lte: 11 } } },
          {
            bool: {
              should: [
                { match_phrase: { 'rule.id': '5710' } },
                { match_phrase: { 'rule.id': '5712' } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
        must_not: [
          { match_phrase: { 'agent.name': 'db' } },
          { match_phrase: { 'agent.id': '000' } },
        ],
      },
    });
  });

  it('adds no agent clause for a user who may see every agent', () => {
    const query = scopedQuery(
      { filter: [], mustNot: [] },
      { pin: { field: 'manager.name', value: 'manager' } },
      { field: 'timestamp', range: timeRange },
    );
    expect(JSON.stringify(query)).not.toContain('agent.id');
  });

  it.each([
    [{ field: 'foo', type: 'exists' }, 'filters.0.field', 'unknown field [foo]'],
    [
      { field: 'rule.level', type: 'is', value: 'x' },
      'filters.0.value',
      '[x] is not a number (field [rule.level])',
    ],
    [
      { field: 'agent.name', type: 'between', gte: 1 },
      'filters.0.field',
      'field [agent.name] (keyword) has no range; between needs a number or a date',
    ],
    [
      { field: 'rule.level', type: 'is_one_of', values: [1, 'y'] },
      'filters.0.values.1',
      '[y] is not a number (field [rule.level])',
    ],
  ])('refuses the filter %j at %s', (filter, field, reason) => {
    const refused = (() => {
      try {
        selectionClauses(
          { apiHostId: 'h', timeRange: { from: 'now-1h', to: 'now' }, filters: [filter as never] },
          fields,
          now,
        );
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(RequestFieldError);
    expect(refused).toMatchObject({ field, reason });
  });
});
