/**
 * A node's `ossec.log` as the API reads it: the daemons' lines (time, tag, level, message), a history
 * before the simulator started and one new line every few seconds of its clock after that, so a reader
 * that follows the log sees it grow. Line i is a pure function of (seed, node, i), and the lines are
 * derived from the clock on each read: the same clock gives the same log, with no timer running.
 */
import { hash32, pickWeighted, stringHash, unit } from './random';

export const LOG_LEVELS = ['critical', 'debug', 'debug2', 'error', 'info', 'warning'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogLine {
  timestamp: string;
  tag: string;
  level: LogLevel;
  description: string;
}

/** The API reads the last 2000 lines of the file. */
export const LOG_WINDOW = 2000;
/** Lines written before the simulator started. */
const HISTORY_LINES = 1500;
/** A generated line every this many milliseconds of the simulator's clock. */
export const LOG_LINE_EVERY_MS = 4000;

type Fill = (draw: (salt: number) => number) => string;

const agentId = (draw: (salt: number) => number) => String(1 + (draw(11) % 50)).padStart(3, '0');
const address = (draw: (salt: number) => number) => `10.0.${draw(12) % 8}.${1 + (draw(13) % 250)}`;

/** What each daemon writes, by level, with how often relative to the others. */
const MESSAGES: ReadonlyArray<readonly [tag: string, level: LogLevel, weight: number, fill: Fill]> = [
  ['wazuh-remoted', 'info', 30, () => '(1410): Reading authentication keys file.'],
  ['wazuh-remoted', 'info', 20, (d) => `(1409): Authentication file changed. Updating agent '${agentId(d)}'.`],
  ['wazuh-remoted', 'debug', 25, (d) => `TCP socket ${20 + (d(1) % 80)} already in keystore. Updating...`],
  ['wazuh-remoted', 'debug', 15, (d) => `Agent '${agentId(d)}' group is 'default'`],
  ['wazuh-remoted', 'warning', 6, (d) => `(1408): Invalid ID ${agentId(d)} for the source ip: '${address(d)}' (name 'unknown').`],
  ['wazuh-remoted', 'error', 2, (d) => `(1403): Incorrectly formatted message from agent '${agentId(d)}' (${address(d)}).`],
  ['wazuh-analysisd', 'info', 10, (d) => `Total rules enabled: '${6800 + (d(2) % 300)}'`],
  ['wazuh-analysisd', 'info', 8, () => '(7200): Logtest started'],
  ['wazuh-analysisd', 'info', 6, () => 'Decoders loaded from ruleset/decoders and etc/decoders.'],
  ['wazuh-analysisd', 'warning', 4, (d) => `Input queue is ${80 + (d(3) % 20)}% full; events may be delayed.`],
  ['wazuh-analysisd', 'error', 1, () => "(1226): Error reading XML file 'etc/rules/local_rules.xml': XMLERR: Element 'rule' not closed. (line 42)."],
  ['wazuh-analysisd', 'critical', 1, () => '(1276): Rules in an inconsistent state. Exiting.'],
  ['wazuh-db', 'info', 8, (d) => `Vacuum of the database of agent '${agentId(d)}' finished.`],
  ['wazuh-db', 'debug', 10, (d) => `Closing database of agent '${agentId(d)}' after being idle.`],
  ['wazuh-db', 'error', 2, () => 'DB(global) SQLite: database is locked'],
  ['wazuh-authd', 'info', 8, (d) => `New connection from ${address(d)}`],
  ['wazuh-authd', 'info', 6, (d) => `Agent key generated for 'host-${agentId(d)}' (requested by any)`],
  ['wazuh-authd', 'warning', 2, (d) => `Duplicate name 'host-${agentId(d)}', rejecting enrollment.`],
  ['wazuh-syscheckd', 'info', 6, () => '(6008): File integrity monitoring scan started.'],
  ['wazuh-syscheckd', 'info', 6, () => '(6009): File integrity monitoring scan ended.'],
  ['wazuh-syscheckd', 'warning', 1, () => "(6911): Unable to add directory '/usr/local/sbin': it does not exist."],
  ['wazuh-logcollector', 'info', 8, () => "(1950): Analyzing file: '/var/log/syslog'."],
  ['wazuh-logcollector', 'warning', 3, () => "(1103): Could not open file '/var/log/httpd/error_log' due to [(2)-(No such file or directory)]."],
  ['wazuh-modulesd', 'info', 4, () => 'Started (pid: 1874).'],
  ['wazuh-modulesd:syscollector', 'info', 8, () => 'Starting evaluation.'],
  ['wazuh-modulesd:syscollector', 'info', 8, () => 'Evaluation finished.'],
  ['wazuh-modulesd:vulnerability-scanner', 'info', 8, (d) => `Vulnerability scan for agent '${agentId(d)}' finished.`],
  ['wazuh-modulesd:vulnerability-scanner', 'warning', 2, (d) => `Agent '${agentId(d)}' has no package inventory yet; scan postponed.`],
  ['wazuh-modulesd:content_manager', 'info', 4, () => "Action for 'vulnerability_feed_manager' finished"],
  ['wazuh-modulesd:content_manager', 'error', 1, () => 'Unable to download the content: could not resolve host cti.wazuh.com'],
  ['wazuh-modulesd:agent-upgrade', 'info', 2, () => 'Module Agent Upgrade started.'],
  ['wazuh-modulesd:task-manager', 'info', 2, () => 'Module Task Manager started.'],
  ['indexer-connector', 'warning', 3, () => "IndexerConnector initialization failed for index 'wazuh-states-vulnerabilities', retrying until the connection is successful."],
  ['indexer-connector', 'info', 2, () => "IndexerConnector initialized successfully for index 'wazuh-states-vulnerabilities'."],
  ['wazuh-monitord', 'info', 2, () => 'Rotating log files.'],
  ['wazuh-execd', 'info', 2, () => 'Started (pid: 1802).'],
  ['rootcheck', 'info', 2, () => 'Starting rootcheck scan.'],
  ['rootcheck', 'info', 2, () => 'Ending rootcheck scan.'],
  ['sca', 'info', 3, (d) => `Security Configuration Assessment scan finished. Duration: ${1 + (d(4) % 9)} seconds.`],
];
const WEIGHTED = MESSAGES.map((message, index) => [index, message[2]] as const);

function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface ManagerLogOptions {
  seed: number;
  /** Node that writes the log (each node writes its own lines). */
  node: string;
  /** When the simulator started (ms): the history lies before it, the new lines after it. */
  startedAt: number;
  now: () => number;
}

export class ManagerLog {
  private readonly seed: number;
  /** Oldest first, at most LOG_WINDOW lines. */
  private readonly lines: LogLine[] = [];
  /** Generated lines written so far (the history included). */
  private generated = 0;
  /** How long before the start each history line was written (ms). */
  private readonly historyAgeMs: number[];

  constructor(private readonly options: ManagerLogOptions) {
    this.seed = options.seed ^ stringHash(options.node);
    // Seconds between consecutive history lines: bursts of lines in one second, pauses of up to 20 s;
    // the newest history line is a second before the start.
    this.historyAgeMs = new Array<number>(HISTORY_LINES);
    let age = 1000;
    for (let i = HISTORY_LINES - 1; i >= 0; i--) {
      this.historyAgeMs[i] = age;
      age += unit(this.seed, i, 7) < 0.4 ? 0 : 1000 * (1 + (hash32(this.seed, i, 8) % 20));
    }
  }

  /** The last lines of the file, newest first, as of the clock's time. */
  read(): readonly LogLine[] {
    this.catchUp();
    return [...this.lines].reverse();
  }

  /** Writes a line now (the control path's way to make a daemon say something). */
  write(tag: string, level: LogLevel, description: string): LogLine {
    this.catchUp();
    const line = { timestamp: isoSeconds(this.options.now()), tag, level, description };
    this.push(line);
    return line;
  }

  private catchUp(): void {
    const elapsed = Math.max(0, this.options.now() - this.options.startedAt);
    const due = HISTORY_LINES + Math.floor(elapsed / LOG_LINE_EVERY_MS);
    // Only the last window's worth is ever read: skip straight to it after a long idle time.
    if (due - this.generated > LOG_WINDOW) this.generated = due - LOG_WINDOW;
    for (; this.generated < due; this.generated++) this.push(this.generate(this.generated));
  }

  private push(line: LogLine): void {
    this.lines.push(line);
    if (this.lines.length > LOG_WINDOW) this.lines.splice(0, this.lines.length - LOG_WINDOW);
  }

  private generate(index: number): LogLine {
    const [tag, level, , fill] = MESSAGES[pickWeighted(WEIGHTED, this.seed, index, 1)];
    return {
      timestamp: isoSeconds(this.timeOf(index)),
      tag,
      level,
      description: fill((salt) => hash32(this.seed, index, salt)),
    };
  }

  private timeOf(index: number): number {
    const { startedAt } = this.options;
    return index >= HISTORY_LINES
      ? startedAt + (index - HISTORY_LINES + 1) * LOG_LINE_EVERY_MS
      : startedAt - this.historyAgeMs[index];
  }
}
