import { AgentStore, formatAgentId, isoSeconds, parseAgentId } from './agents';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

const EPOCH = Date.parse('2025-03-10T12:00:00Z');
const store = (count: number, seed = 1) => new AgentStore({ seed, count, epochMs: EPOCH, now: () => EPOCH });

describe('generated agent registry', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const sample = (registry: AgentStore) => [1, 2, 3, 500].map((n) => registry.item(n));
    expect(sample(store(1000))).toEqual(sample(store(1000)));
    expect(sample(store(1000, 2))).not.toEqual(sample(store(1000)));
  });

  it('holds agent 000 as the manager', () => {
    expect(store(3).item(0)).toMatchObject({
      id: '000',
      name: 'wazuh.manager',
      ip: '127.0.0.1',
      registerIP: '127.0.0.1',
      status: 'active',
      lastKeepAlive: '9999-12-31T23:59:59+00:00',
      version: 'Wazuh v4.14.7',
    });
    expect(store(3).item(0)).not.toHaveProperty('group');
  });

  it('generates realistic, varied agents; never-connected ones omit what they never reported', () => {
    const registry = store(400);
    const items = [...registry.liveIds()].slice(1).map((n) => registry.item(n)!);
    expect(new Set(items.map((item) => item.status))).toEqual(new Set(['active', 'disconnected', 'never_connected', 'pending']));
    expect(new Set(items.map((item) => item.os?.platform).filter(Boolean)).size).toBeGreaterThan(5);
    expect(new Set(items.map((item) => item.name)).size).toBe(400);
    const never = items.find((item) => item.status === 'never_connected')!;
    expect(never).not.toHaveProperty('os');
    expect(never).not.toHaveProperty('version');
    expect(never).not.toHaveProperty('lastKeepAlive');
    expect(never).toMatchObject({ node_name: 'unknown', group_config_status: 'not synced' });
    const active = items.find((item) => item.status === 'active')!;
    expect(active.os?.uname).toContain(active.os?.platform === 'windows' ? 'Windows' : active.name);
    expect(Date.parse(active.lastKeepAlive!)).toBeGreaterThan(EPOCH - 60_000);
    expect(items.every((item) => Date.parse(item.dateAdd) < EPOCH)).toBe(true);
  });

  it('finds generated agents by name and registration IP without scanning', () => {
    const registry = store(1000);
    const item = registry.item(321)!;
    expect(registry.findByName(item.name)).toBe(321);
    expect(registry.findByName('nobody-321')).toBeUndefined();
    const withIp = [...registry.liveIds()].find((n) => n > 0 && registry.item(n)!.registerIP !== 'any')!;
    expect(registry.findByRegisterIp(registry.item(withIp)!.registerIP)).toBe(withIp);
  });

  it('applies writes: add, delete, restart and group assignment', () => {
    const registry = store(10);
    const added = registry.add('fresh', 'any');
    expect(added).toBe(11);
    registry.delete(3);
    expect([...registry.liveIds()]).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    registry.assignGroup(4, 'pci', false);
    expect(registry.item(4)!.group).toContain('pci');
    registry.assignGroup(4, 'web', true);
    expect(registry.item(4)!.group).toEqual(['web']);
    expect(registry.groupCounts().get('web')).toBeGreaterThanOrEqual(1);
  });

  it('lists every remaining agent after an agent is added and then deleted', () => {
    const registry = store(10);
    const added = registry.add('fresh-host', 'any');
    registry.delete(added);
    expect([...registry.liveIds()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const kept = registry.add('second-host', 'any');
    registry.delete(3);
    expect([...registry.liveIds()]).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, kept]);
    expect(registry.item(10)).toMatchObject({ id: '010' });
  });

  it('connects an enrolled agent, removes a group and records an upgrade', () => {
    const registry = store(5);
    const n = registry.add('enrolled', 'any');
    registry.connect(n, registry.item(1)!.os ?? registry.item(0)!.os!, 'Wazuh v4.14.7');
    expect(registry.item(n)).toMatchObject({ status: 'active', version: 'Wazuh v4.14.7', group: ['default'] });
    registry.assignGroup(n, 'web', false);
    registry.removeGroup(n, 'default');
    expect(registry.item(n)!.group).toEqual(['web']);
    registry.removeGroup(n, 'web');
    expect(registry.item(n)!.group).toEqual(['default']);
    registry.setVersion(n, 'Wazuh v4.15.0');
    expect(registry.item(n)!.version).toBe('Wazuh v4.15.0');
  });

  it('keeps a million agents lean: no per-agent storage until written', () => {
    const before = process.memoryUsage().heapUsed;
    const registry = store(1_000_000);
    expect(registry.liveIds().length).toBe(1_000_001);
    for (let n = 1; n <= 1_000_000; n += 997) registry.item(n);
    expect(registry.item(1_000_000)).toMatchObject({ id: '1000000' });
    // The id index is the only per-agent allocation: 4 bytes each.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('agent ids and dates', () => {
  it('pads ids to three digits and parses them back', () => {
    expect([formatAgentId(0), formatAgentId(7), formatAgentId(1234)]).toEqual(['000', '007', '1234']);
    expect([parseAgentId('007'), parseAgentId('abc'), parseAgentId('1234')]).toEqual([7, undefined, 1234]);
  });

  it('formats dates with +00:00 like the API', () => {
    expect(isoSeconds(Date.parse('2025-03-04T09:12:44Z') / 1000)).toBe('2025-03-04T09:12:44+00:00');
    expect(isoSeconds(253_402_300_799)).toBe('9999-12-31T23:59:59+00:00');
  });
});
