/**
 * The indexer stand-in holding a fleet's packages, for the states bench: run as a child process
 * (`BENCH_STATES_AGENTS` agents × `BENCH_STATES_PACKAGES` packages, printing `listening on <url>`),
 * or imported for `benchPackages`, the same documents loaded in-process. Documents are made one at
 * a time as the stand-in loads them, small (agent, pin, package), half of the packages `deb`.
 */
import { startIndexer } from '../../simulator/indexer';
import { BENCH_MANAGER } from './alerts-indexer.fixture';

const VENDORS = ['Canonical', 'Debian', 'Red Hat', 'Microsoft', 'Google'];

export function* benchPackages(agents: number, packages: number) {
  for (let agent = 1; agent <= agents; agent++) {
    const id = String(agent).padStart(3, '0');
    const common = {
      agent: { id, name: `agent-${id}` },
      wazuh: { cluster: { name: BENCH_MANAGER } },
    };
    for (let n = 0; n < packages; n++)
      yield {
        index: 'wazuh-states-inventory-packages-bench',
        source: {
          ...common,
          package: {
            name: `package-${String(n).padStart(4, '0')}`,
            version: `${1 + (n % 9)}.${agent % 20}`,
            vendor: VENDORS[n % VENDORS.length],
            type: n % 2 ? 'rpm' : 'deb',
          },
        },
      };
  }
}

async function main(): Promise<void> {
  const agents = Number(process.env.BENCH_STATES_AGENTS ?? 5_000);
  const packages = Number(process.env.BENCH_STATES_PACKAGES ?? 400);
  const indexer = await startIndexer({ documents: benchPackages(agents, packages) });
  console.log(`listening on ${indexer.url}`);
  const stop = () => void indexer.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module) void main();
