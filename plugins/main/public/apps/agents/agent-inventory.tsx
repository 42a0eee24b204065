/**
 * An agent's inventory from the managed API's syscollector routes: hardware and operating system at a
 * glance, then network addresses, packages, ports and processes, each a searchable, paged table.
 */
import {
  EuiButtonGroup,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPanel,
  EuiSpacer,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate } from '../../components/format';
import { ManagedApiTable } from '../../components/managed-api-table';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent } from '../../services/managed-api-types';
import type { SearchField } from '../../query-languages/types';

type Row = Record<string, unknown>;

interface InventoryTable {
  id: 'netaddr' | 'packages' | 'ports' | 'processes';
  label: string;
  what: string;
  sort: string;
  itemId: string;
  columns: Array<EuiBasicTableColumn<Row>>;
  fields: SearchField[];
}

const text = (value: unknown) => (value === undefined || value === '' ? '–' : String(value));

const TABLES: InventoryTable[] = [
  {
    id: 'netaddr',
    label: 'Network',
    what: 'network addresses',
    sort: '+iface',
    itemId: 'address',
    columns: [
      { field: 'iface', name: 'Interface', sortable: true },
      { field: 'proto', name: 'Protocol', sortable: true },
      { field: 'address', name: 'Address', sortable: true },
      { field: 'netmask', name: 'Netmask', sortable: true },
      { field: 'broadcast', name: 'Broadcast', sortable: true, render: text },
    ],
    fields: [
      { name: 'iface', description: 'interface' },
      { name: 'proto', values: ['ipv4', 'ipv6'] },
      { name: 'address' },
      { name: 'netmask' },
      { name: 'broadcast' },
    ],
  },
  {
    id: 'packages',
    label: 'Packages',
    what: 'packages',
    sort: '+name',
    itemId: 'name',
    columns: [
      { field: 'name', name: 'Name', sortable: true, truncateText: true },
      { field: 'version', name: 'Version', sortable: true },
      { field: 'architecture', name: 'Architecture', sortable: true, render: text },
      { field: 'vendor', name: 'Vendor', sortable: true, truncateText: true },
      { field: 'format', name: 'Format', sortable: true },
    ],
    fields: [
      { name: 'name', description: 'package name' },
      { name: 'version' },
      { name: 'vendor' },
      { name: 'architecture' },
      { name: 'format', values: ['deb', 'rpm', 'win', 'pkg'] },
    ],
  },
  {
    id: 'ports',
    label: 'Ports',
    what: 'ports',
    sort: '+local.port',
    itemId: 'inode',
    columns: [
      { field: 'local.ip', name: 'Local IP', sortable: true },
      { field: 'local.port', name: 'Local port', sortable: true },
      { field: 'remote.ip', name: 'Remote IP', sortable: true, render: text },
      { field: 'protocol', name: 'Protocol', sortable: true },
      { field: 'state', name: 'State', sortable: true, render: text },
      { field: 'process', name: 'Process', sortable: true, render: text },
    ],
    fields: [
      { name: 'local.port', description: 'local port' },
      { name: 'local.ip', description: 'local address' },
      { name: 'protocol', values: ['tcp', 'udp', 'tcp6', 'udp6'] },
      { name: 'state', values: ['listening', 'established'] },
      { name: 'process' },
    ],
  },
  {
    id: 'processes',
    label: 'Processes',
    what: 'processes',
    sort: '+name',
    itemId: 'pid',
    columns: [
      { field: 'pid', name: 'PID', sortable: true, width: '90px' },
      { field: 'name', name: 'Name', sortable: true },
      { field: 'euser', name: 'User', sortable: true },
      { field: 'ppid', name: 'Parent PID', sortable: true },
      { field: 'cmd', name: 'Command', truncateText: true, render: text },
    ],
    fields: [
      { name: 'name', description: 'process name' },
      { name: 'pid' },
      { name: 'ppid', description: 'parent PID' },
      { name: 'euser', description: 'effective user' },
      { name: 'state' },
    ],
  },
];

const TABLE_PREFIX = 'inventory';

function Overview({ host, agent }: { host: ApiHost; agent: Agent }) {
  const { api } = useSvcServices();
  const load = useCallback(
    async (signal: AbortSignal) => {
      const path = (kind: string) => `/syscollector/${encodeURIComponent(agent.id)}/${kind}`;
      const [hardware, os] = await Promise.all([
        api.list<Row>({
          apiHostId: host.id,
          path: path('hardware'),
          signal,
          action: 'syscollector:read',
        }),
        api.list<Row>({
          apiHostId: host.id,
          path: path('os'),
          signal,
          action: 'syscollector:read',
        }),
      ]);
      return { hardware: hardware.items[0], os: os.items[0] };
    },
    [api, host.id, agent.id],
  );
  const { state, reload } = useAsync(load, `Loading the inventory of agent ${agent.id}`);
  if (state.status === 'error') return <ErrorPrompt error={state.error} onRetry={reload} />;
  const hardware = state.data?.hardware as
    | {
        cpu?: { name?: string; cores?: number; mhz?: number };
        ram?: { total?: number; usage?: number };
        scan?: { time?: string };
      }
    | undefined;
  const os = state.data?.os as
    | {
        os?: { name?: string; version?: string };
        architecture?: string;
        hostname?: string;
        release?: string;
      }
    | undefined;
  const ramGiB = hardware?.ram?.total
    ? `${(hardware.ram.total / 1024 / 1024).toFixed(1)} GiB`
    : '–';
  return (
    <EuiFlexGroup data-test-subj="agentInventoryOverview">
      <EuiFlexItem>
        <EuiPanel hasBorder>
          <EuiTitle size="xs">
            <h3>Hardware</h3>
          </EuiTitle>
          <EuiSpacer size="s" />
          <EuiDescriptionList
            type="column"
            compressed
            listItems={[
              { title: 'CPU', description: hardware?.cpu?.name ?? '–' },
              { title: 'Cores', description: text(hardware?.cpu?.cores) },
              {
                title: 'Memory',
                description:
                  hardware?.ram?.usage === undefined
                    ? ramGiB
                    : `${ramGiB} (${hardware.ram.usage}% used)`,
              },
              { title: 'Scanned', description: formatDate(hardware?.scan?.time) },
            ]}
          />
        </EuiPanel>
      </EuiFlexItem>
      <EuiFlexItem>
        <EuiPanel hasBorder>
          <EuiTitle size="xs">
            <h3>Operating system</h3>
          </EuiTitle>
          <EuiSpacer size="s" />
          <EuiDescriptionList
            type="column"
            compressed
            listItems={[
              {
                title: 'Name',
                description: [os?.os?.name, os?.os?.version].filter(Boolean).join(' ') || '–',
              },
              { title: 'Architecture', description: text(os?.architecture) },
              { title: 'Host name', description: text(os?.hostname) },
              { title: 'Release', description: text(os?.release) },
            ]}
          />
        </EuiPanel>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

export function AgentInventory({ host, agent }: { host: ApiHost; agent: Agent }) {
  const { params, setParams } = useAppUrlState();
  const chosen = TABLES.find((table) => table.id === params.get('inventory')) ?? TABLES[1];
  const clearedTable = Object.fromEntries(
    ['page', 'size', 'sort', 'query', 'syntax'].map((name) => [
      `${TABLE_PREFIX}.${name}`,
      undefined,
    ]),
  );
  return (
    <>
      <Overview host={host} agent={agent} />
      <EuiSpacer />
      <EuiButtonGroup
        legend="Inventory table"
        options={TABLES.map((table) => ({
          id: table.id,
          label: table.label,
          'data-test-subj': `inventory-${table.id}`,
        }))}
        idSelected={chosen.id}
        onChange={(id) => setParams({ inventory: id, ...clearedTable }, { push: true })}
      />
      <EuiSpacer size="m" />
      <ManagedApiTable<Row>
        key={chosen.id}
        host={host}
        path={`/syscollector/${encodeURIComponent(agent.id)}/${chosen.id}`}
        columns={chosen.columns}
        searchFields={chosen.fields}
        defaultSort={chosen.sort}
        prefix={TABLE_PREFIX}
        action="syscollector:read"
        what={chosen.what}
        itemId={chosen.itemId}
        data-test-subj="agentInventoryTable"
      />
    </>
  );
}
