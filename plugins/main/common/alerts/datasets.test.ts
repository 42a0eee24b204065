// Each dataset definition against the facts of the original's states indices: index pattern, the
// manager pin on wazuh.cluster.name, no time field, the default columns of its views; and every
// default column and sort key a field the dataset knows.
import { ALERTS_DATASETS, datasetById, INVENTORY_TYPES, type AlertsDatasetId } from './datasets';

/** The original's default columns (IT Hygiene sub-tabs, vulnerability Inventory). */
const FACTS: Record<
  Exclude<AlertsDatasetId, 'alerts' | 'inventory' | 'statistics' | 'monitoring'>,
  string[]
> = {
  'inventory-system': [
    'agent.name',
    'host.os.platform',
    'host.os.name',
    'host.os.version',
    'host.os.kernel.release',
    'host.architecture',
  ],
  'inventory-hardware': [
    'agent.name',
    'host.memory.total',
    'host.memory.used',
    'host.memory.free',
    'host.cpu.name',
    'host.cpu.cores',
    'host.cpu.speed',
  ],
  'inventory-packages': [
    'agent.name',
    'package.vendor',
    'package.name',
    'package.version',
    'package.type',
  ],
  'inventory-hotfixes': ['agent.name', 'package.hotfix.name'],
  'inventory-browser-extensions': [
    'agent.name',
    'browser.name',
    'package.name',
    'package.version',
    'package.enabled',
  ],
  'inventory-processes': [
    'agent.name',
    'process.name',
    'process.start',
    'process.pid',
    'process.parent.pid',
    'process.command_line',
  ],
  'inventory-networks': [
    'agent.name',
    'network.ip',
    'network.netmask',
    'network.broadcast',
    'network.type',
    'interface.name',
  ],
  'inventory-interfaces': [
    'agent.name',
    'interface.name',
    'interface.type',
    'interface.state',
    'interface.mtu',
    'host.mac',
  ],
  'inventory-protocols': [
    'agent.name',
    'interface.name',
    'network.dhcp',
    'network.gateway',
    'network.type',
    'network.metric',
  ],
  // Network › Traffic's columns (Listeners' are a subset).
  'inventory-ports': [
    'agent.name',
    'source.ip',
    'source.port',
    'destination.ip',
    'destination.port',
    'network.transport',
    'process.name',
  ],
  'inventory-users': ['agent.name', 'user.name', 'user.groups', 'user.shell', 'user.home'],
  'inventory-groups': ['agent.name', 'group.name', 'group.is_hidden', 'group.users'],
  'inventory-services': ['agent.name', 'service.name'],
  vulnerabilities: [
    'agent.name',
    'package.name',
    'package.version',
    'vulnerability.description',
    'vulnerability.severity',
    'vulnerability.id',
  ],
};

const states = Object.entries(FACTS) as Array<[AlertsDatasetId, string[]]>;

describe('states datasets', () => {
  it('has alerts, the inventory union, one dataset per inventory type and the vulnerabilities', () => {
    expect(ALERTS_DATASETS.map((dataset) => dataset.id)).toEqual([
      'alerts',
      'inventory',
      ...INVENTORY_TYPES.map((type) => `inventory-${type}`),
      'vulnerabilities',
      'statistics',
      'monitoring',
    ]);
    expect(INVENTORY_TYPES).toHaveLength(13);
  });

  it.each(states)('%s: pattern, pin, no time field, default columns', (id, columns) => {
    const dataset = datasetById(id)!;
    expect(dataset.indexPattern).toBe(
      id === 'vulnerabilities' ? 'wazuh-states-vulnerabilities-*' : `wazuh-states-${id}-*`,
    );
    expect(dataset.pinField).toBe('wazuh.cluster.name');
    expect(dataset.timeField).toBeNull();
    expect(dataset.defaultColumns).toEqual(columns);
  });

  it.each(ALERTS_DATASETS.map((dataset) => [dataset.id, dataset] as const))(
    '%s: its columns and sort keys are its own, aggregatable fields',
    (_id, dataset) => {
      const fields = new Map(dataset.fields.map((field) => [field.name, field]));
      for (const column of dataset.defaultColumns)
        expect([column, fields.has(column)]).toEqual([column, true]);
      expect(dataset.defaultSort.length).toBeGreaterThan(0);
      for (const { field } of dataset.defaultSort)
        expect([field, fields.get(field)?.aggregatable]).toEqual([field, true]);
      if (dataset.pinField) expect(fields.has(dataset.pinField)).toBe(true);
      const agentIdField = dataset.agentIdField === undefined ? 'agent.id' : dataset.agentIdField;
      if (agentIdField !== null) expect(fields.has(agentIdField)).toBe(true);
    },
  );

  it.each([
    ['statistics', 'wazuh-statistics-*', null],
    ['monitoring', 'wazuh-monitoring-*', 'id'],
  ] as const)(
    "%s: the dashboard's own job documents, pinned to the API host that wrote them",
    (id, pattern, agentIdField) => {
      const dataset = datasetById(id)!;
      expect(dataset).toMatchObject({
        indexPattern: pattern,
        pinField: 'apiName',
        pinnedBy: 'api-host',
        agentIdField,
        timeField: 'timestamp',
      });
    },
  );

  it("reads the union of the inventory indices with every type's fields", () => {
    const union = datasetById('inventory')!;
    expect(union.indexPattern).toBe('wazuh-states-inventory-*');
    const names = new Set(union.fields.map((field) => field.name));
    for (const type of INVENTORY_TYPES)
      for (const field of datasetById(`inventory-${type}`)!.fields)
        expect(names.has(field.name)).toBe(true);
  });

  it('sorts vulnerabilities most severe first, and alerts newest first', () => {
    expect(datasetById('vulnerabilities')!.defaultSort[0]).toEqual({
      field: 'vulnerability.score.base',
      direction: 'desc',
    });
    expect(datasetById('alerts')!.defaultSort).toEqual([{ field: 'timestamp', direction: 'desc' }]);
    expect(datasetById('alerts')!.timeField).toBe('timestamp');
    expect(datasetById('nope')).toBeUndefined();
  });
});
