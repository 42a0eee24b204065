import { generateSampleAlerts, liveAlert } from './generator';
import { SampleRandom } from './random';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const agents = [
  { id: '001', name: 'web-1', ip: '10.0.0.1' },
  { id: '002', name: 'db-1', ip: '10.0.0.2' },
];
const context = { agents, manager: 'wazuh.manager', now: NOW, seed: 7 };

type Alert = {
  timestamp: string;
  rule: {
    id: string;
    level: number;
    groups: string[];
    mitre?: { id: string[] };
    pci_dss?: string[];
  };
  agent: { id: string; name: string };
  manager: { name: string };
  cluster?: { name: string };
  syscheck?: Record<string, unknown>;
  data?: { vulnerability?: Record<string, unknown> };
};

describe('generateSampleAlerts', () => {
  it('gives the same alerts for the same seed, and others for another', () => {
    expect(generateSampleAlerts('security', 50, context)).toEqual(
      generateSampleAlerts('security', 50, context),
    );
    expect(generateSampleAlerts('security', 50, { ...context, seed: 8 })).not.toEqual(
      generateSampleAlerts('security', 50, context),
    );
  });

  it('spreads alerts over the last 7 days, oldest first, for the given agents and manager', () => {
    const alerts = generateSampleAlerts('threat-detection', 300, context) as unknown as Alert[];
    expect(alerts).toHaveLength(300);
    const times = alerts.map((alert) => Date.parse(alert.timestamp));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - 7 * DAY);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(5 * DAY);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(alerts.map((alert) => alert.agent.id))).toEqual(new Set(['001', '002']));
    expect(alerts.every((alert) => alert.manager.name === 'wazuh.manager')).toBe(true);
    expect(alerts.every((alert) => alert.cluster === undefined)).toBe(true);
  });

  it('tags the cluster when the manager runs one', () => {
    const [alert] = generateSampleAlerts('security', 1, {
      ...context,
      cluster: { name: 'prod', node: 'master' },
    }) as unknown as Alert[];
    expect(alert.cluster).toEqual({ name: 'prod', node: 'master' });
  });

  it('holds authentication successes and failures, integrity and compliance fields (security)', () => {
    const alerts = generateSampleAlerts('security', 700, context) as unknown as Alert[];
    const groups = new Set(alerts.flatMap((alert) => alert.rule.groups));
    for (const group of [
      'authentication_failed',
      'authentication_success',
      'sshd',
      'syscheck',
      'aws',
      'gcp',
      'office365',
      'github',
    ])
      expect(groups).toContain(group);
    const fim = alerts.find((alert) => alert.syscheck?.event === 'modified');
    expect(fim?.syscheck).toMatchObject({
      path: expect.any(String),
      sha1_after: expect.stringMatching(/^[0-9a-f]{40}$/),
      uname_after: expect.any(String),
    });
    expect(alerts.some((alert) => alert.rule.pci_dss?.length)).toBe(true);
    expect(alerts.some((alert) => alert.rule.mitre?.id.length)).toBe(true);
  });

  it('holds rootcheck, VirusTotal and YARA (malware) and vulnerabilities, MITRE and Docker (threats)', () => {
    const malware = generateSampleAlerts(
      'auditing-policy-monitoring',
      30,
      context,
    ) as unknown as Alert[];
    expect(new Set(malware.flatMap((alert) => alert.rule.groups))).toEqual(
      new Set(['ossec', 'rootcheck', 'virustotal', 'yara']),
    );
    const threats = generateSampleAlerts('threat-detection', 30, context) as unknown as Alert[];
    const vulnerability = threats.find((alert) => alert.data?.vulnerability);
    expect(vulnerability?.data?.vulnerability).toMatchObject({
      cve: expect.stringMatching(/^CVE-\d{4}-\d+$/),
      severity: expect.any(String),
      package: { name: expect.any(String) },
    });
    expect(threats.some((alert) => alert.rule.groups.includes('docker'))).toBe(true);
    expect(threats.some((alert) => alert.rule.groups.includes('mitre'))).toBe(true);
  });

  it('covers every rule level band', () => {
    const levels = (
      ['security', 'auditing-policy-monitoring', 'threat-detection'] as const
    ).flatMap((category) =>
      (generateSampleAlerts(category, 600, context) as unknown as Alert[]).map(
        (alert) => alert.rule.level,
      ),
    );
    expect(levels.some((level) => level < 7)).toBe(true);
    expect(levels.some((level) => level >= 7 && level < 12)).toBe(true);
    expect(levels.some((level) => level >= 12 && level < 15)).toBe(true);
    expect(levels.some((level) => level >= 15)).toBe(true);
  });

  it('needs an agent', () => {
    expect(() => generateSampleAlerts('security', 1, { ...context, agents: [] })).toThrow(
      'at least one agent',
    );
  });
});

describe('liveAlert', () => {
  it('is an alert at the given time', () => {
    const alert = liveAlert(new SampleRandom(1), NOW, { agents, manager: 'm' }) as unknown as Alert;
    expect(alert.timestamp).toBe(new Date(NOW).toISOString());
    expect(alert.manager.name).toBe('m');
  });
});
