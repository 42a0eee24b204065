/**
 * The indexer stand-in holding generated alerts, for the alerts bench: run as a child process
 * (`BENCH_ALERTS` alerts, printing `listening on <url>`), or imported for `benchAlerts`, the same
 * documents loaded in-process. Alerts are shaped like a Wazuh manager's (agent, manager, rule with
 * groups and compliance, decoder, data, full log), one every `spanMs / count` back from `end`.
 */
import { startIndexer } from '../../simulator/indexer';

/** The simulator's manager name (agent 000's `manager`), which the dashboard pins queries to. */
export const BENCH_MANAGER = 'wazuh.manager';
const AGENTS = 50;
const DESCRIPTIONS = [
  ['sshd: authentication failed.', ['syslog', 'sshd', 'authentication_failed']],
  ['Integrity checksum changed.', ['ossec', 'syscheck', 'syscheck_file']],
  ['PAM: Login session opened.', ['pam', 'syslog', 'authentication_success']],
  ['Web server 400 error code.', ['web', 'accesslog', 'attack']],
] as const;

export function* benchAlerts(count: number, end: number, spanMs: number) {
  const step = spanMs / count;
  for (let at = 0; at < count; at++) {
    const agent = String(1 + (at % AGENTS)).padStart(3, '0');
    const [description, groups] = DESCRIPTIONS[at % DESCRIPTIONS.length];
    const time = new Date(end - Math.floor(at * step)).toISOString();
    yield {
      index: `wazuh-alerts-4.x-${time.slice(0, 10).replace(/-/g, '.')}`,
      source: {
        timestamp: time,
        id: `${Math.floor((end - at * step) / 1000)}.${at}`,
        agent: { id: agent, name: `agent-${agent}`, ip: `10.0.${at % 4}.${at % AGENTS}` },
        manager: { name: BENCH_MANAGER },
        rule: {
          id: String(5700 + (at % 40)),
          level: at % 16,
          description,
          groups,
          firedtimes: at % 9,
          mail: false,
          pci_dss: ['10.2.4', '10.2.5'],
          gdpr: ['IV_35.7.d'],
          ...(at % 4 === 0 && {
            mitre: { id: ['T1110'], tactic: ['Credential Access'], technique: ['Brute Force'] },
          }),
        },
        decoder: { name: 'sshd', parent: 'sshd' },
        data: {
          srcip: `192.168.${at % 255}.${(at >> 8) % 255}`,
          srcuser: 'root',
          dstuser: 'admin',
        },
        location: '/var/log/auth.log',
        full_log: `${time} host sshd[${at}]: Failed password for root from 192.168.${at % 255}.1 port 22 ssh2`,
      },
    };
  }
}

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_ALERTS ?? 100_000);
  const spanMs = Number(process.env.BENCH_ALERTS_SPAN_MS ?? 7 * 86_400_000);
  const indexer = await startIndexer({ documents: benchAlerts(count, Date.now(), spanMs) });
  console.log(`listening on ${indexer.url}`);
  const stop = () => void indexer.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module) void main();
