/**
 * Where sample alerts live: one index per category, `wazuh-alerts-4.x-sample-<category>` as the
 * original names them (inside the default `wazuh-alerts-*` pattern), mapped as the Wazuh alerts
 * template maps alerts: strings as keywords, `timestamp` as a date, counters as numbers; and where
 * sample states live, mapped from their dataset's known fields.
 */
import type { API } from '@opensearch-project/opensearch';
import type {
  AlertsField,
  AlertsSampleDataCategory,
  SampleDataCategory,
} from '@main/common/alerts/api';
import type { AlertsDatasetDefinition } from '@main/common/alerts/datasets';

export const SAMPLE_INDEX_PREFIX = 'wazuh-alerts-4.x-';

export function sampleIndex(category: AlertsSampleDataCategory): string {
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

/** A states dataset's sample index of `category`, as the original names it (`<stem>-sample-<category>`). */
export function sampleStatesIndex(
  dataset: Pick<AlertsDatasetDefinition, 'indexPattern'>,
  category: SampleDataCategory,
): string {
  return `${dataset.indexPattern.replace(/\*$/, '')}sample-${category}`;
}

type Mappings = NonNullable<API.Indices_Create_RequestBody['mappings']>;

/** Dotted field paths as the nested `properties` of a mapping. */
function properties(fields: readonly AlertsField[]): Record<string, unknown> {
  const root: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const path = field.name.split('.');
    let level = root;
    for (const part of path.slice(0, -1)) {
      level[part] ??= { properties: {} };
      level = level[part].properties as Record<string, Record<string, unknown>>;
    }
    level[path[path.length - 1]] =
      field.esType === 'scaled_float'
        ? { type: 'scaled_float', scaling_factor: 100 }
        : { type: field.esType };
  }
  return root;
}

/**
 * A states dataset's mapping, from its known fields: strict, so a sample document with a field the
 * dataset does not know is refused rather than shown where no view can name it.
 */
export function statesIndexBody(
  dataset: Pick<AlertsDatasetDefinition, 'fields'>,
): API.Indices_Create_RequestBody {
  return {
    settings: ONE_SHARD,
    mappings: {
      dynamic: 'strict',
      date_detection: false,
      properties: properties(dataset.fields) as Mappings['properties'],
    },
  };
}
