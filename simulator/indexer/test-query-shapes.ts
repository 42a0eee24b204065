/**
 * Every shape of `_search` body the dashboard sends to the indexer. The contract test checks each
 * against the published OpenSearch specification and runs it on the stand-in; the dashboard's query
 * builder tests add theirs here and assert that every body they build validates.
 */
export { validateSearchRequest } from './test-spec-validator';

const last24h = {
  range: { timestamp: { gte: 'now-24h', lte: 'now', format: 'strict_date_optional_time' } },
};
const manager = { term: { 'manager.name': 'wazuh-manager' } };
const absoluteRange = {
  range: {
    timestamp: {
      gte: '2026-01-01T00:00:00.000Z',
      lte: '2026-01-02T00:00:00.000Z',
      format: 'strict_date_optional_time',
    },
  },
};
const agents = { terms: { 'agent.id': ['001', '002', '003'] } };

export const QUERY_SHAPES: Array<Record<string, unknown>> = [
  // Overview: the four severity counts of the last 24 hours in one request.
  {
    size: 0,
    track_total_hits: true,
    query: { bool: { filter: [last24h, manager] } },
    aggs: {
      severity: {
        range: {
          field: 'rule.level',
          ranges: [
            { key: 'low', to: 7 },
            { key: 'medium', from: 7, to: 12 },
            { key: 'high', from: 12, to: 15 },
            { key: 'critical', from: 15 },
          ],
        },
      },
    },
  },
  {
    size: 0,
    query: { bool: { filter: [last24h, manager, agents] } },
    aggs: {
      severity: {
        filters: {
          filters: {
            critical: { range: { 'rule.level': { gte: 15 } } },
            high: { range: { 'rule.level': { gte: 12, lte: 14 } } },
            medium: { range: { 'rule.level': { gte: 7, lte: 11 } } },
            low: { range: { 'rule.level': { gte: 0, lte: 6 } } },
          },
        },
      },
    },
  },
  // Threat Hunting: the events table, newest first, with the search bar's query and filter pills.
  {
    size: 25,
    from: 0,
    track_total_hits: true,
    sort: [{ timestamp: { order: 'desc', unmapped_type: 'date' } }],
    _source: ['timestamp', 'agent.id', 'agent.name', 'rule.description', 'rule.level', 'rule.id'],
    query: {
      bool: {
        must: [
          {
            query_string: {
              query: 'rule.groups:syscheck AND NOT agent.id:000',
              analyze_wildcard: true,
              default_operator: 'AND',
            },
          },
        ],
        filter: [
          absoluteRange,
          manager,
          { term: { 'agent.name': 'web-01' } },
          { exists: { field: 'rule.mitre.id' } },
        ],
        must_not: [
          { terms: { 'rule.id': ['5710', '5712'] } },
          { range: { 'rule.level': { lt: 3 } } },
        ],
      },
    },
  },
  {
    size: 50,
    sort: [{ 'rule.level': { order: 'desc' } }, { timestamp: { order: 'desc' } }],
    query: {
      bool: {
        filter: [last24h, manager],
        should: [
          { match_phrase: { 'rule.description': 'sshd: authentication failed.' } },
          { match: { 'rule.groups': 'sshd' } },
        ],
        minimum_should_match: 1,
      },
    },
  },
  {
    size: 15,
    track_total_hits: 10000,
    sort: [{ timestamp: 'desc' }],
    _source: { excludes: ['full_log', 'previous_output'] },
    query: {
      bool: {
        filter: [
          last24h,
          manager,
          { prefix: { 'agent.name': 'web' } },
          { wildcard: { 'rule.description': { value: '*login*' } } },
        ],
      },
    },
  },
  // Pages past the 10,000th hit and the CSV export: a point in time and search_after.
  {
    size: 100,
    pit: { id: 'PIT_ID', keep_alive: '1m' },
    sort: [{ timestamp: { order: 'desc' } }, { _doc: { order: 'desc' } }],
    search_after: [1767225600000, 125],
    track_total_hits: false,
    query: { bool: { filter: [last24h, manager] } },
  },
  {
    size: 10000,
    pit: { id: 'PIT_ID', keep_alive: '2m' },
    sort: [{ timestamp: { order: 'desc' } }, { _doc: { order: 'desc' } }],
    _source: { includes: ['timestamp', 'agent.name', 'rule.description', 'rule.level', 'rule.id'] },
    track_total_hits: false,
    query: { bool: { filter: [absoluteRange, manager, agents] } },
  },
  // Histogram of events over the range.
  {
    size: 0,
    query: { bool: { filter: [last24h, manager] } },
    aggs: {
      histogram: {
        date_histogram: {
          field: 'timestamp',
          fixed_interval: '30m',
          time_zone: 'UTC',
          min_doc_count: 0,
          extended_bounds: { min: 'now-24h', max: 'now' },
        },
      },
    },
  },
  {
    size: 0,
    query: { bool: { filter: [absoluteRange, manager] } },
    aggs: {
      histogram: {
        date_histogram: { field: 'timestamp', calendar_interval: '1h', min_doc_count: 1 },
      },
    },
  },
  // Threat Hunting KPIs and panels.
  {
    size: 0,
    track_total_hits: true,
    query: { bool: { filter: [last24h, manager] } },
    aggs: {
      kpis: {
        filters: {
          filters: {
            level12: { range: { 'rule.level': { gte: 12 } } },
            authentication_failure: {
              terms: { 'rule.groups': ['authentication_failed', 'authentication_failures'] },
            },
            authentication_success: { term: { 'rule.groups': 'authentication_success' } },
          },
        },
      },
      levels_over_time: {
        date_histogram: { field: 'timestamp', fixed_interval: '1h', min_doc_count: 0 },
        aggs: { level: { terms: { field: 'rule.level', size: 10, order: { _count: 'desc' } } } },
      },
      mitre: { terms: { field: 'rule.mitre.technique', size: 10 } },
      top_agents: { terms: { field: 'agent.name', size: 5, missing: 'unknown' } },
      agents_over_time: {
        terms: { field: 'agent.id', size: 5 },
        aggs: {
          over_time: {
            date_histogram: { field: 'timestamp', fixed_interval: '3h', min_doc_count: 0 },
          },
        },
      },
    },
  },
  // Statistics panels: values per bar, and the severity ranges and KPIs.
  {
    size: 0,
    query: { bool: { filter: [last24h, manager, { term: { 'agent.id': '001' } }] } },
    aggs: {
      over_time: {
        date_histogram: { field: 'timestamp', fixed_interval: '1h', min_doc_count: 0 },
        aggs: {
          max_level: { max: { field: 'rule.level' } },
          avg_level: { avg: { field: 'rule.level' } },
          sum_fired: { sum: { field: 'rule.firedtimes' } },
        },
      },
      by_level: { range: { field: 'rule.level', ranges: [{ to: 7 }, { from: 7 }] } },
      kpis: { filters: { filters: { critical: { range: { 'rule.level': { gte: 15 } } } } } },
    },
  },
  // A document opened from the table, and the search bar's free text.
  { size: 1, query: { ids: { values: ['alert-1'] } } },
  { size: 10, query: { bool: { must: [{ match_all: {} }], filter: [{ match_none: {} }] } } },
  {
    size: 10,
    query: {
      bool: {
        must: [
          {
            query_string: {
              query: 'rule.level:[10 TO 15] OR "Integrity checksum changed"',
              default_field: '*',
              lenient: true,
            },
          },
        ],
        filter: [{ range: { timestamp: { gte: 'now-7d/d', lt: 'now/d' } } }],
      },
    },
  },
];
