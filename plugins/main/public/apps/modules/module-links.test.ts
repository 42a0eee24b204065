import { modulePath, moduleIdOfPath, readAgentParam } from './module-links';

describe('module links', () => {
  it('write the module, host, tab, agent and range, and read the module back', () => {
    const path = modulePath({
      moduleId: 'mitre-attack',
      apiHostId: 'demo',
      tab: 'framework',
      agentId: '001',
      timeRange: { from: 'now-7d', to: 'now' },
    });
    expect(path).toBe('/mitre-attack?host=demo&tab=framework&agent=001&from=now-7d&to=now');
    expect(moduleIdOfPath(path.split('?')[0])).toBe('mitre-attack');
    expect(moduleIdOfPath('/')).toBeUndefined();
  });

  it('leave the default tab out and accept only agent ids', () => {
    expect(modulePath({ moduleId: 'gdpr', apiHostId: 'h', tab: 'dashboard' })).toBe('/gdpr?host=h');
    expect(readAgentParam('007')).toBe('007');
    expect(readAgentParam('../x')).toBeUndefined();
    expect(readAgentParam(null)).toBeUndefined();
  });
});
