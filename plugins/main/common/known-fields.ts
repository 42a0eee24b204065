/**
 * Known fields of the index patterns the dashboard works with (alerts, agent monitoring snapshots,
 * manager statistics), in the shape index-pattern saved objects keep them. The server serves them
 * (`GET /indexer/known-fields/{pattern}`) and uses them when it creates index patterns.
 */

import { DEFAULT_ALERTS_INDEX_PATTERN } from './constants';
import { MONITORING_INDEX_PATTERN, STATISTICS_INDEX_PATTERN } from './indexer-jobs';

type KnownFieldType = 'string' | 'number' | 'date' | 'boolean' | 'ip' | 'geo_point' | 'object';

export interface KnownField {
  name: string;
  type: KnownFieldType;
  /** Type in the index mapping (`keyword`, `text`, `long`, ...). */
  esTypes: string[];
  searchable: boolean;
  aggregatable: boolean;
  readFromDocValues: boolean;
}

export interface KnownPattern {
  /** What the pattern holds, in words. */
  title: string;
  pattern: string;
  timeFieldName: string;
  fields: KnownField[];
}

type Spec = [name: string, esType: string];

const TYPE_OF: Record<string, KnownFieldType> = {
  keyword: 'string',
  text: 'string',
  long: 'number',
  integer: 'number',
  float: 'number',
  double: 'number',
  date: 'date',
  boolean: 'boolean',
  ip: 'ip',
  geo_point: 'geo_point',
};

function field([name, esType]: Spec): KnownField {
  const text = esType === 'text';
  return {
    name,
    type: TYPE_OF[esType] ?? 'object',
    esTypes: [esType],
    searchable: true,
    aggregatable: !text,
    readFromDocValues: !text,
  };
}

const META: Spec[] = [
  ['_id', 'keyword'],
  ['_index', 'keyword'],
];

const AGENT: Spec[] = [
  ['agent.id', 'keyword'],
  ['agent.name', 'keyword'],
  ['agent.ip', 'keyword'],
  ['manager.name', 'keyword'],
  ['cluster.name', 'keyword'],
  ['cluster.node', 'keyword'],
];

const ALERTS: Spec[] = [
  ['timestamp', 'date'],
  ['id', 'keyword'],
  ['location', 'keyword'],
  ['full_log', 'text'],
  ['input.type', 'keyword'],
  ['decoder.name', 'keyword'],
  ['decoder.parent', 'keyword'],
  ['predecoder.hostname', 'keyword'],
  ['predecoder.program_name', 'keyword'],
  ['predecoder.timestamp', 'keyword'],
  ['rule.id', 'keyword'],
  ['rule.level', 'long'],
  ['rule.description', 'keyword'],
  ['rule.groups', 'keyword'],
  ['rule.firedtimes', 'long'],
  ['rule.mail', 'boolean'],
  ['rule.pci_dss', 'keyword'],
  ['rule.gdpr', 'keyword'],
  ['rule.hipaa', 'keyword'],
  ['rule.nist_800_53', 'keyword'],
  ['rule.tsc', 'keyword'],
  ['rule.gpg13', 'keyword'],
  ['rule.mitre.id', 'keyword'],
  ['rule.mitre.tactic', 'keyword'],
  ['rule.mitre.technique', 'keyword'],
  ['data.srcip', 'keyword'],
  ['data.srcport', 'keyword'],
  ['data.srcuser', 'keyword'],
  ['data.dstip', 'keyword'],
  ['data.dstport', 'keyword'],
  ['data.dstuser', 'keyword'],
  ['data.protocol', 'keyword'],
  ['data.action', 'keyword'],
  ['data.status', 'keyword'],
  ['data.url', 'keyword'],
  ['data.id', 'keyword'],
  ['GeoLocation.location', 'geo_point'],
  ['GeoLocation.city_name', 'keyword'],
  ['GeoLocation.country_name', 'keyword'],
  ['syscheck.path', 'keyword'],
  ['syscheck.event', 'keyword'],
  ['syscheck.md5_after', 'keyword'],
  ['syscheck.sha1_after', 'keyword'],
  ['syscheck.sha256_after', 'keyword'],
  ['syscheck.size_after', 'long'],
  ['syscheck.uname_after', 'keyword'],
  ['syscheck.mtime_after', 'date'],
  ['data.sca.check.id', 'keyword'],
  ['data.sca.check.title', 'keyword'],
  ['data.sca.check.result', 'keyword'],
  ['data.sca.policy', 'keyword'],
  ['data.sca.score', 'long'],
  ['data.vulnerability.cve', 'keyword'],
  ['data.vulnerability.severity', 'keyword'],
  ['data.vulnerability.package.name', 'keyword'],
  ['data.vulnerability.package.version', 'keyword'],
  ['data.vulnerability.status', 'keyword'],
  ['data.title', 'keyword'],
  ['data.file', 'keyword'],
  ['data.virustotal.malicious', 'keyword'],
  ['data.virustotal.source.file', 'keyword'],
  ['data.virustotal.permalink', 'keyword'],
  ['data.YARA.rule_name', 'keyword'],
  ['data.YARA.scanned_file', 'keyword'],
  ['data.docker.Action', 'keyword'],
  ['data.docker.Type', 'keyword'],
  ['data.docker.Actor.Attributes.image', 'keyword'],
  ['data.docker.Actor.Attributes.name', 'keyword'],
  ['data.aws.source', 'keyword'],
  ['data.aws.accountId', 'keyword'],
  ['data.aws.region', 'keyword'],
  ['data.aws.log_info.s3bucket', 'keyword'],
  ['data.gcp.resource.type', 'keyword'],
  ['data.gcp.resource.labels.project_id', 'keyword'],
  ['data.gcp.jsonPayload.authAnswer', 'keyword'],
  ['data.gcp.jsonPayload.queryName', 'keyword'],
  ['data.github.org', 'keyword'],
  ['data.github.repo', 'keyword'],
  ['data.github.action', 'keyword'],
  ['data.github.actor', 'keyword'],
  ['data.office365.Operation', 'keyword'],
  ['data.office365.UserId', 'keyword'],
  ['data.office365.Workload', 'keyword'],
  ['data.office365.Subscription', 'keyword'],
  ['data.office365.ClientIP', 'keyword'],
  ['data.office365.ResultStatus', 'keyword'],
];

const MONITORING: Spec[] = [
  ['timestamp', 'date'],
  ['host', 'keyword'],
  ['cluster.name', 'keyword'],
  ['id', 'keyword'],
  ['name', 'keyword'],
  ['ip', 'keyword'],
  ['registerIP', 'keyword'],
  ['status', 'keyword'],
  ['status_code', 'long'],
  ['version', 'keyword'],
  ['manager', 'keyword'],
  ['node_name', 'keyword'],
  ['dateAdd', 'date'],
  ['lastKeepAlive', 'date'],
  ['disconnection_time', 'date'],
  ['group', 'keyword'],
  ['group_config_status', 'keyword'],
  ['configSum', 'keyword'],
  ['mergedSum', 'keyword'],
  ['os.arch', 'keyword'],
  ['os.build', 'keyword'],
  ['os.codename', 'keyword'],
  ['os.major', 'keyword'],
  ['os.minor', 'keyword'],
  ['os.name', 'keyword'],
  ['os.platform', 'keyword'],
  ['os.uname', 'keyword'],
  ['os.version', 'keyword'],
];

const STATISTICS: Spec[] = [
  ['timestamp', 'date'],
  ['apiName', 'keyword'],
  ['nodeName', 'keyword'],
  ['cluster', 'keyword'],
  ['analysisd.total_events_decoded', 'float'],
  ['analysisd.syscheck_events_decoded', 'float'],
  ['analysisd.syscollector_events_decoded', 'float'],
  ['analysisd.sca_events_decoded', 'float'],
  ['analysisd.events_processed', 'float'],
  ['analysisd.events_received', 'float'],
  ['analysisd.events_dropped', 'float'],
  ['analysisd.alerts_written', 'float'],
  ['analysisd.firewall_written', 'float'],
  ['analysisd.event_queue_usage', 'float'],
  ['analysisd.alerts_queue_usage', 'float'],
  ['analysisd.archives_queue_usage', 'float'],
  ['remoted.queue_size', 'float'],
  ['remoted.total_queue_size', 'float'],
  ['remoted.tcp_sessions', 'float'],
  ['remoted.evt_count', 'float'],
  ['remoted.ctrl_msg_count', 'float'],
  ['remoted.discarded_count', 'float'],
  ['remoted.sent_bytes', 'float'],
  ['remoted.recv_bytes', 'float'],
];

export const KNOWN_PATTERNS: readonly KnownPattern[] = [
  {
    title: 'Alerts',
    pattern: DEFAULT_ALERTS_INDEX_PATTERN,
    timeFieldName: 'timestamp',
    fields: [...META, ...AGENT, ...ALERTS].map(field),
  },
  {
    title: 'Agent monitoring',
    pattern: MONITORING_INDEX_PATTERN,
    timeFieldName: 'timestamp',
    fields: [...META, ...MONITORING].map(field),
  },
  {
    title: 'Manager statistics',
    pattern: STATISTICS_INDEX_PATTERN,
    timeFieldName: 'timestamp',
    fields: [...META, ...STATISTICS].map(field),
  },
];

const stem = (pattern: string): string => pattern.replace(/[-*]+$/, '');

/** The known pattern for `pattern`, given with or without its trailing `-*` (`svc-alerts`, `svc-alerts-*`). */
export function knownPattern(pattern: string): KnownPattern | undefined {
  return KNOWN_PATTERNS.find((known) => stem(known.pattern) === stem(pattern));
}
