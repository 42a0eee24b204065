/**
 * The index templates the jobs put before writing, so each weekly index gets the same mapping
 * whichever document comes first: the original's statistics and monitoring templates, except that
 * the queues' usage (a fraction from 0 to 1) is a float where the original's `long` dropped it.
 */
import {
  ANALYSISD_COUNTS,
  ANALYSISD_QUEUES,
  REMOTED_FIELDS,
  MONITORING_INDEX_PATTERN,
  MONITORING_INDEX_PREFIX,
  STATISTICS_INDEX_PATTERN,
  STATISTICS_INDEX_PREFIX,
} from '../../../common/indexer-jobs';

const keyword = { type: 'keyword' };
const long = { type: 'long' };
const float = { type: 'float' };
const date = { type: 'date', format: 'dateOptionalTime' };

const fields = (names: string[], type: object) =>
  Object.fromEntries(names.map((name) => [name, type]));

/** Strings the mapping does not name are keywords, as in the original's templates. */
const STRINGS_AS_KEYWORDS = [
  { string_as_keyword: { match_mapping_type: 'string', mapping: { type: 'keyword' } } },
];

export const STATISTICS_TEMPLATE = {
  name: STATISTICS_INDEX_PREFIX,
  body: {
    index_patterns: [STATISTICS_INDEX_PATTERN],
    priority: 1,
    template: {
      settings: { 'index.refresh_interval': '5s' },
      mappings: {
        dynamic_templates: STRINGS_AS_KEYWORDS,
        properties: {
          timestamp: date,
          apiName: keyword,
          nodeName: keyword,
          cluster: keyword,
          remoted: { properties: fields(REMOTED_FIELDS, long) },
          analysisd: {
            properties: {
              ...fields(ANALYSISD_COUNTS, long),
              ...fields(
                ANALYSISD_QUEUES.map((queue) => `${queue}_queue_size`),
                long,
              ),
              ...fields(
                ANALYSISD_QUEUES.map((queue) => `${queue}_queue_usage`),
                float,
              ),
            },
          },
        },
      },
    },
  },
};

export const MONITORING_TEMPLATE = {
  name: MONITORING_INDEX_PREFIX,
  body: {
    index_patterns: [MONITORING_INDEX_PATTERN],
    priority: 1,
    template: {
      settings: { 'index.refresh_interval': '5s' },
      mappings: {
        dynamic_templates: STRINGS_AS_KEYWORDS,
        properties: {
          timestamp: date,
          apiName: keyword,
          id: keyword,
          name: keyword,
          ip: keyword,
          status: keyword,
          version: keyword,
          node_name: keyword,
          group: keyword,
          host: keyword,
          os: { properties: { name: keyword, platform: keyword, version: keyword } },
          cluster: { properties: { name: keyword } },
          manager: { properties: { name: keyword } },
        },
      },
    },
  },
};
