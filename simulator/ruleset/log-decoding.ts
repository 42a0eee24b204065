/**
 * The ruleset test (`PUT /logtest`): pre-decodes a syslog line, finds its decoder and the deepest rule
 * that matches, against the simulator's own ruleset, and keeps sessions (a token per session, the
 * times each rule fired) as the manager's logtest does. Good enough to demo, not a full engine.
 */
import { randomBytes } from 'node:crypto';
import type { DecoderItem, RuleItem, Ruleset } from '../data/ruleset';

export interface LogtestEvent {
  event: string;
  location: string;
  log_format: string;
  token?: string;
}

export interface LogtestResult {
  token: string;
  messages: string[];
  output: Record<string, unknown>;
  alert: boolean;
  codemsg: number;
}

/** The manager keeps at most this many sessions; the oldest goes first. */
const MAX_SESSIONS = 64;
/** Rules of this level and above raise an alert (the manager's default `log_alert_level`). */
const ALERT_LEVEL = 3;
const MANAGER_NAME = 'wazuh-manager';

const SYSLOG_HEADERS = [
  /^(\w{3} [ \d]\d \d\d:\d\d:\d\d) (\S+) ([^\s[:]+)(?:\[\d+\])?: ?(.*)$/s,
  /^(\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:?\d\d)?) (\S+) ([^\s[:]+)(?:\[\d+\])?: ?(.*)$/s,
];

interface Predecoded {
  predecoder?: { timestamp: string; hostname: string; program_name: string };
  message: string;
}

function predecode(event: string): Predecoded {
  for (const header of SYSLOG_HEADERS) {
    const match = header.exec(event);
    if (match)
      return {
        predecoder: { timestamp: match[1], hostname: match[2], program_name: match[3] },
        message: match[4],
      };
  }
  return { message: event };
}

/** The manager's regex syntax in JavaScript: `\.` is any character, `\p` a punctuation mark. */
function managerRegex(pattern: string): RegExp {
  return new RegExp(pattern.replace(/\\\./g, '.').replace(/\\p/g, '[!-/:-@[-`{-~]'));
}

/** `<match>`: literal alternatives split by `|`, `^`/`$` anchoring them, case-insensitive. */
function matches(pattern: string, text: string): boolean {
  const subject = text.toLowerCase();
  return pattern.split('|').some((alternative) => {
    const lower = alternative.toLowerCase();
    if (lower.startsWith('^')) return subject.startsWith(lower.slice(1));
    if (lower.endsWith('$')) return subject.endsWith(lower.slice(0, -1));
    return subject.includes(lower);
  });
}

function patternOf(details: Record<string, unknown>, name: string): string | undefined {
  const value = details[name];
  if (value === undefined) return undefined;
  return typeof value === 'object' && value !== null
    ? String((value as { pattern?: unknown }).pattern ?? '')
    : String(value);
}

interface Decoded {
  decoder: { parent?: string; name: string };
  data: Record<string, string>;
}

function decoderMatches(decoder: DecoderItem, predecoded: Predecoded): boolean {
  const program = patternOf(decoder.details, 'program_name');
  const prematch = patternOf(decoder.details, 'prematch');
  if (program === undefined && prematch === undefined) return false;
  if (program !== undefined) {
    const name = predecoded.predecoder?.program_name;
    if (name === undefined || !managerRegex(program).test(name)) return false;
  }
  return prematch === undefined || managerRegex(prematch).test(predecoded.message);
}

function extract(decoder: DecoderItem, message: string): Record<string, string> {
  const regex = patternOf(decoder.details, 'regex');
  const order = patternOf(decoder.details, 'order');
  if (regex === undefined || order === undefined) return {};
  let subject = message;
  const prematch = patternOf(decoder.details, 'prematch');
  const offset = (decoder.details.regex as { offset?: string } | undefined)?.offset;
  if (prematch !== undefined && offset === 'after_prematch') {
    const found = managerRegex(prematch).exec(message);
    if (found) subject = message.slice(found.index + found[0].length);
  }
  const values = managerRegex(regex).exec(subject);
  if (!values) return {};
  const fields = order.split(',').map((field) => field.trim());
  return Object.fromEntries(
    fields.flatMap((field, index) =>
      values[index + 1] === undefined ? [] : [[field, values[index + 1]]],
    ),
  );
}

function decode(decoders: readonly DecoderItem[], predecoded: Predecoded): Decoded | undefined {
  const root = decoders.find(
    (decoder) => decoder.details.parent === undefined && decoderMatches(decoder, predecoded),
  );
  if (!root) return undefined;
  const child = decoders.find(
    (decoder) =>
      decoder.details.parent === root.name &&
      (patternOf(decoder.details, 'prematch') === undefined ||
        managerRegex(patternOf(decoder.details, 'prematch') as string).test(predecoded.message)),
  );
  const data = {
    ...extract(root, predecoded.message),
    ...(child && extract(child, predecoded.message)),
  };
  return { decoder: child ? { parent: root.name, name: root.name } : { name: root.name }, data };
}

function parents(rule: RuleItem): string[] {
  const ifSid = rule.details.if_sid;
  return ifSid === undefined
    ? []
    : String(ifSid)
        .split(/[\s,]+/)
        .filter(Boolean);
}

/** One event cannot fire a rule that needs several (frequency) or a group of earlier matches. */
function isSingleEventRule(rule: RuleItem): boolean {
  return (
    rule.status === 'enabled' &&
    rule.details.frequency === undefined &&
    rule.details.if_matched_sid === undefined &&
    rule.details.if_group === undefined
  );
}

function ruleMatches(
  rule: RuleItem,
  predecoded: Predecoded,
  decoded: Decoded | undefined,
  isRoot: boolean,
): boolean {
  const decodedAs = rule.details.decoded_as;
  const match = patternOf(rule.details, 'match');
  const regex = patternOf(rule.details, 'regex');
  const program = patternOf(rule.details, 'program_name');
  // A root rule with no condition would take every event; the manager's own catch-all is not modelled.
  if (isRoot && decodedAs === undefined && match === undefined && regex === undefined && !program)
    return false;
  const family = decoded?.decoder.parent ?? decoded?.decoder.name;
  if (decodedAs !== undefined && decodedAs !== family) return false;
  if (match !== undefined && !matches(match, predecoded.message)) return false;
  if (regex !== undefined && !managerRegex(regex).test(predecoded.message)) return false;
  if (program !== undefined) {
    const name = predecoded.predecoder?.program_name;
    if (name === undefined || !managerRegex(program).test(name)) return false;
  }
  return true;
}

function matchRule(
  rules: readonly RuleItem[],
  predecoded: Predecoded,
  decoded: Decoded | undefined,
): RuleItem | undefined {
  const candidates = rules.filter(isSingleEventRule);
  let current = candidates.find(
    (rule) => parents(rule).length === 0 && ruleMatches(rule, predecoded, decoded, true),
  );
  const visited = new Set<number>();
  while (current && !visited.has(current.id)) {
    visited.add(current.id);
    const parentId = String(current.id);
    const child = candidates.find(
      (rule) => parents(rule).includes(parentId) && ruleMatches(rule, predecoded, decoded, false),
    );
    if (!child) break;
    current = child;
  }
  return current;
}

function ruleOutput(rule: RuleItem, firedTimes: number): Record<string, unknown> {
  const output: Record<string, unknown> = {
    level: rule.level,
    description: rule.description,
    id: String(rule.id),
    firedtimes: firedTimes,
    mail: false,
    groups: rule.groups,
  };
  for (const field of ['pci_dss', 'gpg13', 'gdpr', 'hipaa', 'nist_800_53', 'tsc'] as const)
    if (rule[field].length > 0) output[field] = rule[field];
  if (rule.mitre.length > 0) output.mitre = { id: rule.mitre };
  return output;
}

interface Session {
  fired: Map<number, number>;
}

export class LogtestSessions {
  private readonly sessions = new Map<string, Session>();
  private eventCount = 0;

  constructor(
    private readonly ruleset: Ruleset,
    private readonly now: () => number,
  ) {}

  run(event: LogtestEvent): LogtestResult {
    const messages: string[] = [];
    let token = event.token;
    if (token !== undefined && !this.sessions.has(token)) {
      messages.push(`WARNING: (7309): '${token}' is not a valid token`);
      token = undefined;
    }
    if (token === undefined) {
      token = randomBytes(4).toString('hex');
      this.open(token);
      messages.push(`INFO: (7202): Session initialized with token '${token}'`);
    }
    const session = this.sessions.get(token) as Session;
    const predecoded = predecode(event.event);
    const decoded = decode(this.ruleset.decoders, predecoded);
    const rule = matchRule(this.ruleset.rules, predecoded, decoded);
    const nowMs = this.now();
    const output: Record<string, unknown> = {
      timestamp: new Date(nowMs).toISOString().replace('Z', '+0000'),
      agent: { id: '000', name: MANAGER_NAME },
      manager: { name: MANAGER_NAME },
      id: `${Math.floor(nowMs / 1000)}.${++this.eventCount}`,
      full_log: event.event,
      location: event.location,
    };
    if (predecoded.predecoder) output.predecoder = predecoded.predecoder;
    if (decoded) {
      output.decoder = decoded.decoder;
      if (Object.keys(decoded.data).length > 0) output.data = decoded.data;
    }
    if (rule) {
      const fired = (session.fired.get(rule.id) ?? 0) + 1;
      session.fired.set(rule.id, fired);
      output.rule = ruleOutput(rule, fired);
    }
    return {
      token,
      messages,
      output,
      alert: rule !== undefined && rule.level >= ALERT_LEVEL,
      codemsg: messages.length > 0 ? 1 : 0,
    };
  }

  /** Ends a session; false when there is none with that token. */
  close(token: string): boolean {
    return this.sessions.delete(token);
  }

  private open(token: string): void {
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
    this.sessions.set(token, { fired: new Map() });
  }
}
