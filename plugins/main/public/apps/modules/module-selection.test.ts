import { fileIntegrityMonitoring } from '../../../common/modules/file-integrity-monitoring';
import { moduleSelection } from './module-selection';
import { modulePath, moduleIdOfPath, readAgentParam } from './module-links';

describe('a module page selection', () => {
  const state = {
    timeRange: { from: 'now-7d', to: 'now' },
    query: { language: 'kuery' as const, query: 'rule.level >= 7' },
    filters: [{ type: 'is' as const, field: 'agent.name', value: 'web-1' }],
  };

  it('names the view (the server applies its fixed filters), the user filters and the agent', () => {
    expect(moduleSelection('demo', fileIntegrityMonitoring, state, '003')).toEqual({
      apiHostId: 'demo',
      view: 'file-integrity-monitoring',
      timeRange: state.timeRange,
      query: state.query,
      filters: [{ type: 'is', field: 'agent.name', value: 'web-1' }],
      agentId: '003',
    });
  });

  it('has no agent when none is pinned', () => {
    expect(moduleSelection('demo', fileIntegrityMonitoring, state, undefined)).not.toHaveProperty(
      'agentId',
    );
  });
});

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
