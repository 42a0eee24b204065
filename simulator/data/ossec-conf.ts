/**
 * Each node's `ossec.conf` as text, the way the manager keeps it: the API reads it raw or as JSON
 * (list sections as arrays), replaces it only with a file that parses and passes the manager's own
 * check (`wazuh-analysisd -t`), and masks its secrets for callers that may not update it.
 */
import { type XmlElement, XmlSyntaxError, parseXmlFragment } from '../ruleset/xml';
import { MANAGER_CONFIGURATION, configurationXml } from './manager';

/** Sections the manager reads from `<ossec_config>`; any other element is refused. */
const KNOWN_SECTIONS = new Set([
  'active-response',
  'agentless',
  'alerts',
  'auth',
  'client',
  'client_buffer',
  'cluster',
  'command',
  'email_alerts',
  'global',
  'integration',
  'labels',
  'localfile',
  'logging',
  'remote',
  'reports',
  'rootcheck',
  'ruleset',
  'rule_test',
  'sca',
  'socket',
  'syscheck',
  'syslog_output',
  'vulnerability-detection',
  'indexer',
  'wodle',
  'aws-s3',
  'azure-logs',
  'cis-cat',
  'docker-listener',
  'open-scap',
  'osquery',
  'syscollector',
  'github',
  'office365',
  'gcp-pubsub',
  'fluent-forward',
]);

/** Elements whose value the manager reads as `yes` or `no`. */
const YES_NO = new Set(['disabled', 'enabled', 'use_password', 'logall', 'alerts_log', 'purge']);

/** Keys the API renders as lists even with one element (those that are lists in the default file). */
const LIST_KEYS = collectListKeys(MANAGER_CONFIGURATION);

function collectListKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (value === null || typeof value !== 'object') return keys;
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(entry)) {
      keys.add(key);
      entry.forEach((item) => collectListKeys(item, keys));
    } else collectListKeys(entry, keys);
  }
  return keys;
}

/** Why the manager refuses a file: a malformed document (1113) or a check that failed (1908). */
export class ConfigurationRefusal extends Error {
  constructor(
    readonly code: 1113 | 1908,
    message: string,
  ) {
    super(message);
  }
}

function elementJson(element: XmlElement): unknown {
  if (element.children.length === 0) return element.text;
  const object: Record<string, unknown> = {};
  for (const child of element.children) {
    const value = elementJson(child);
    const existing = object[child.name];
    if (existing === undefined) object[child.name] = LIST_KEYS.has(child.name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else object[child.name] = [existing, value];
  }
  return object;
}

/** The `<ossec_config>` blocks of a file; throws a 1113 refusal when it does not parse. */
function configBlocks(text: string): XmlElement[] {
  let roots: XmlElement[];
  try {
    roots = parseXmlFragment(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new ConfigurationRefusal(1113, error.message);
    throw error;
  }
  const stray = roots.find((root) => root.name !== 'ossec_config');
  if (stray)
    throw new ConfigurationRefusal(
      1113,
      `unexpected element <${stray.name}> outside <ossec_config>: line ${stray.line}`,
    );
  return roots;
}

/** ossec.conf as the API's JSON: one key a section, several blocks merged, list sections as arrays. */
export function configurationJson(text: string): Record<string, unknown> {
  const merged: XmlElement = { name: 'ossec_config', attributes: {}, children: [], text: '', line: 1 };
  for (const block of configBlocks(text)) merged.children.push(...block.children);
  const json = elementJson(merged);
  return typeof json === 'object' ? (json as Record<string, unknown>) : {};
}

function walk(element: XmlElement, visit: (element: XmlElement) => void): void {
  visit(element);
  element.children.forEach((child) => walk(child, visit));
}

/**
 * What `wazuh-analysisd -t` reports about a file that parses: unknown sections and yes/no options
 * with another value, in its own wording, ending with the file it could not load.
 */
export function configurationProblems(text: string): string[] {
  const problems: string[] = [];
  for (const block of configBlocks(text)) {
    for (const section of block.children) {
      if (!KNOWN_SECTIONS.has(section.name)) {
        problems.push(`(1230): Invalid element in the configuration: '${section.name}'.`);
        continue;
      }
      walk(section, (element) => {
        if (YES_NO.has(element.name) && element.children.length === 0 && !/^(yes|no)$/.test(element.text))
          problems.push(`(1235): Invalid value for element '${element.name}': ${element.text}.`);
      });
    }
  }
  if (problems.length > 0) problems.push("(1202): Configuration error at 'etc/ossec.conf'.");
  return problems;
}

/** The file with the cluster key and the enrollment password replaced by `*****`. */
export function maskConfigurationXml(text: string): string {
  return text.replace(/(<(key|pass)>)[^<]*(<\/\2>)/g, '$1*****$3');
}

/** The default ossec.conf of each node: a cluster's `<cluster>` section names the node it runs on. */
function defaultText(node?: { cluster: string; name: string; type: string; ip: string }): string {
  if (!node) return configurationXml(MANAGER_CONFIGURATION);
  const section = MANAGER_CONFIGURATION.cluster as Record<string, unknown>;
  return configurationXml({
    ...MANAGER_CONFIGURATION,
    cluster: {
      ...section,
      name: node.cluster,
      node_name: node.name,
      node_type: node.type,
      nodes: [node.ip],
      disabled: 'no',
    },
  });
}

/** Every node's stored ossec.conf (one entry, under the manager's node name, without a cluster). */
export class OssecConfs {
  private readonly texts = new Map<string, string>();

  constructor(
    nodes: ReadonlyArray<{ name: string; type: string; ip: string }>,
    cluster?: string,
  ) {
    for (const node of nodes)
      this.texts.set(node.name, defaultText(cluster === undefined ? undefined : { ...node, cluster }));
  }

  read(node: string): string {
    const text = this.texts.get(node);
    if (text === undefined) throw new RangeError(`no node named ${node}`);
    return text;
  }

  /** Replaces a node's file when it parses and passes the check; otherwise the stored file stays. */
  replace(node: string, text: string): void {
    this.read(node);
    const problems = configurationProblems(text);
    if (problems.length > 0) throw new ConfigurationRefusal(1908, problems.join(', '));
    this.texts.set(node, text);
  }
}
