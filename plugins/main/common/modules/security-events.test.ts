// The agent's Security events against the original's agent view (alerts-facts §9).
import { COMPLIANCE_STANDARDS, agentSecurityEvents } from './security-events';

describe("agent's Security events", () => {
  it('charts alerts over time, the top 5 tactics and a donut per compliance standard', () => {
    const charts = agentSecurityEvents.dashboard.panels.map((panel) => panel.chart);
    expect(charts[0]).toEqual({ id: 'agent-over-time', type: 'date_histogram' });
    expect(charts[1]).toMatchObject({ type: 'terms', field: 'rule.mitre.tactic', size: 5 });
    expect(COMPLIANCE_STANDARDS.map((standard) => standard.title)).toEqual([
      'PCI DSS',
      'GDPR',
      'NIST 800-53',
      'HIPAA',
      'GPG13',
      'TSC',
    ]);
    for (const standard of COMPLIANCE_STANDARDS)
      expect(charts).toContainEqual(expect.objectContaining({ field: standard.field, size: 5 }));
  });

  it('has no fixed filter: the pinned agent selects its alerts', () => {
    expect(agentSecurityEvents.fixedFilters).toEqual([]);
  });
});
