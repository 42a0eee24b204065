/**
 * Where sample alerts live: one index per category, `wazuh-alerts-4.x-sample-<category>` as the
 * original names them (inside the default `wazuh-alerts-*` pattern), mapped as the Wazuh alerts
 * template maps alerts: strings as keywords, `timestamp` as a date, counters as numbers; and where
 * sample vulnerability states live.
 */
import type { API } from '@opensearch-project/opensearch';
import type { SampleDataCategory } from '@main/common/alerts/api';

export const SAMPLE_INDEX_PREFIX = 'wazuh-alerts-4.x-';

export function sampleIndex(category: SampleDataCategory): string {
  return `${SAMPLE_INDEX_PREFIX}sample-${category}`;
}

const keyword = { type: 'keyword' } as const;
const date = { type: 'date', format: 'date_optional_time||epoch_millis' } as const;
const long = { type: 'long' } as const;

/** Sample indices are small: one shard, no replica (a one-node indexer stays green). */
const ONE_SHARD = { index: { number_of_shards: 1, number_of_replicas: 0 } };
/** Strings become keywords unless a property says otherwise, and none is read as a date. */
const STRINGS_AS_KEYWORDS = {
  date_detection: false,
  dynamic_templates: [{ strings_as_keywords: { match_mapping_type: 'string', mapping: keyword } }],
};

export const SAMPLE_INDEX_BODY: API.Indices_Create_RequestBody = {
  settings: ONE_SHARD,
  mappings: {
    ...STRINGS_AS_KEYWORDS,
    properties: {
      timestamp: date,
      id: keyword,
      location: keyword,
      full_log: { type: 'text' } as const,
      agent: { properties: { id: keyword, name: keyword, ip: keyword } },
      manager: { properties: { name: keyword } },
      cluster: { properties: { name: keyword, node: keyword } },
      rule: {
        properties: {
          id: keyword,
          level: long,
          description: keyword,
          groups: keyword,
          firedtimes: long,
          mail: { type: 'boolean' },
          mitre: { properties: { id: keyword, tactic: keyword, technique: keyword } },
        },
      },
      syscheck: {
        properties: {
          path: keyword,
          event: keyword,
          size_after: long,
          size_before: long,
          mtime_after: date,
          mtime_before: date,
        },
      },
      data: {
        properties: {
          vulnerability: { properties: { published: date, updated: date } },
        },
      },
    },
  },
};

/** Where sample vulnerability states live (inside `wazuh-states-vulnerabilities-*`), as the original names it. */
export const SAMPLE_STATES_INDEX = 'wazuh-states-vulnerabilities-sample-wazuh-vulnerabilities';

/** The states mapping: strings as keywords, the two instants as dates, the score a number. */
export const SAMPLE_STATES_INDEX_BODY: API.Indices_Create_RequestBody = {
  settings: ONE_SHARD,
  mappings: {
    ...STRINGS_AS_KEYWORDS,
    properties: {
      vulnerability: {
        properties: {
          score: { properties: { base: { type: 'float' } as const, version: keyword } },
          published_at: date,
          detected_at: date,
          under_evaluation: { type: 'boolean' } as const,
        },
      },
    },
  },
};
