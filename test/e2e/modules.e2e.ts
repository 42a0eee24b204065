/**
 * Module pages in real Chromium against the dashboard, the managed-API simulator and the indexer
 * stand-in holding a week of alerts of the simulator's agents: the integrity dashboard with an agent
 * pinned then its Events tab, MITRE ATT&CK's Framework → a technique → its alerts, PCI DSS Controls,
 * and an agent's Security events → MITRE ATT&CK; every figure checked against the alerts put in.
 */
import type { Browser, Page } from 'playwright-core';
import type { SampleAlert } from '../../plugins/main/server/services/alerts/sample-data/generator';
import {
  indexSampleAlerts,
  keepDocsScreenshot,
  launchBrowser,
  newPage,
  openAppAsAdmin,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const AGENTS = 6;
const DAY_MS = 86_400_000;
/** Six days of alerts, so "Last 7 days" holds all of them however long the test runs. */
const SPAN_MS = 6 * DAY_MS;
const RANGE = 'from=now-7d&to=now';

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
let alerts: SampleAlert[];
/** The severity of each vulnerability state put in the stand-in. */
let vulnerabilityStates: string[];

const rule = (alert: SampleAlert) =>
  alert.rule as {
    groups?: string[];
    pci_dss?: string[];
    mitre?: { id?: string[]; tactic?: string[] };
  };
const agentIdOf = (alert: SampleAlert) => (alert.agent as { id: string }).id;
const count = (value: number) => value.toLocaleString('en-US');

async function waitForHits(value: number): Promise<void> {
  const text = `${count(value)} hit${value === 1 ? '' : 's'}`;
  await page.locator(testSubj('alertsHits')).getByText(text, { exact: true }).waitFor();
}

/** Waits until a KPI shows `value` (a figure of an earlier selection stays while the next loads). */
async function expectKpi(id: string, value: number): Promise<void> {
  await page
    .locator(`${testSubj(`alertsKpi-${id}`)} .euiStat__title`)
    .filter({ hasText: new RegExp(`^${count(value)}$`) })
    .waitFor();
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: AGENTS, seed: 5 },
    indexer: {},
  });
  const seeded = await indexSampleAlerts(
    env,
    [
      { category: 'security', count: 900, seed: 3 },
      { category: 'threat-detection', count: 300, seed: 4 },
    ],
    SPAN_MS,
  );
  ({ alerts } = seeded);
  const { agents, manager } = seeded;
  // One vulnerability state per agent and CVE, as the manager keeps them.
  const severities = ['Critical', 'High', 'High', 'Medium', 'Low'];
  for (const [n, agent] of agents.entries())
    for (const [c, severity] of severities.slice(0, 1 + (n % severities.length)).entries())
      env.indexer!.index(
        'wazuh-states-vulnerabilities-e2e',
        {
          agent: { id: agent.id, name: agent.name },
          host: { os: { full: 'Ubuntu 22.04', type: 'ubuntu' } },
          package: { name: `package-${c}`, version: '1.0' },
          vulnerability: { id: `CVE-2024-${1000 + c}`, severity, score: { base: 5 + c } },
          wazuh: { cluster: { name: manager } },
        },
        `state-${agent.id}-${c}`,
      );
  vulnerabilityStates = agents.flatMap((_, n) => severities.slice(0, 1 + (n % severities.length)));
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAppAsAdmin(page, env, `/app/svc-modules?host=${env.apiHostId}`);
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

it('lists the modules by category, integrity with its alert count', async () => {
  await page.locator(testSubj('superDatePickerToggleQuickMenuButton')).click();
  await page.locator(testSubj('superDatePickerQuickMenu')).getByText('Last 7 days').click();
  const syscheck = alerts.filter((alert) => rule(alert).groups?.includes('syscheck'));
  await page
    .locator(testSubj('moduleCardCount-file-integrity-monitoring'))
    .getByText(count(syscheck.length), { exact: true })
    .waitFor();
  await page.locator(testSubj('moduleCard-file-integrity-monitoring')).click();
  await page.waitForURL((url) =>
    url.pathname.endsWith('/app/svc-modules/file-integrity-monitoring'),
  );
  await page.locator(testSubj('moduleDashboard')).waitFor();
});

it('draws the integrity dashboard of a pinned agent, then its Events', async () => {
  const syscheck = alerts.filter((alert) => rule(alert).groups?.includes('syscheck'));
  const agentId = agentIdOf(syscheck[0]);
  const own = syscheck.filter((alert) => agentIdOf(alert) === agentId);
  await page.goto(
    `${env.dashboard.url}/app/svc-modules/file-integrity-monitoring?host=${env.apiHostId}&${RANGE}`,
  );
  await waitForApp(page, 'svc-modules');
  await expectKpi('fim-total', syscheck.length);

  const picker = page.locator(testSubj('moduleAgentPicker'));
  await picker.locator('input').fill(agentId);
  // The option's text is `<id> <name>`, its id highlighted as typed.
  await page.locator('[role="option"]').filter({ hasText: agentId }).first().click();
  await page.waitForURL((url) => url.searchParams.get('agent') === agentId);
  await page
    .locator(testSubj('alertsLockedFilterPill-1'))
    .getByText(`agent.id: ${agentId}`)
    .waitFor();
  await expectKpi('fim-total', own.length);
  await page.getByText('Most active users', { exact: true }).waitFor();
  // No tooltip of the last click over the picture.
  await page.mouse.move(0, 0);
  await page.locator('.euiToolTipPopover').waitFor({ state: 'detached' });
  keepDocsScreenshot(await screenshot(page, 'module-dashboard'), 'module-dashboard.png');

  await page.locator(testSubj('moduleTab-events')).click();
  await waitForHits(own.length);
  const locked = page.locator(testSubj('alertsLockedFilterPill-0'));
  await locked.getByText('rule.groups: syscheck').waitFor();
  await expect(locked.locator('button').count()).resolves.toBe(0);
  await page
    .locator(`${testSubj('alertsEventsTable')} [data-gridcell-column-id="syscheck.path"]`)
    .first()
    .waitFor();
});

it('opens a MITRE technique from the Framework with its alerts', async () => {
  const bruteForce = alerts.filter((alert) => rule(alert).mitre?.id?.includes('T1110'));
  expect(bruteForce.length).toBeGreaterThan(0);
  await page.goto(
    `${env.dashboard.url}/app/svc-modules/mitre-attack?host=${env.apiHostId}&tab=framework&${RANGE}`,
  );
  await waitForApp(page, 'svc-modules');
  const technique = page.locator(testSubj('mitreTechnique-T1110'));
  await technique.getByText(`(${count(bruteForce.length)})`).waitFor();
  await technique.click();
  const flyout = page.locator(testSubj('mitreTechniqueFlyout'));
  await flyout.getByText('T1110 Brute Force').waitFor();
  await flyout.locator(testSubj('mitreTechniqueDescription')).waitFor();
  await flyout
    .locator(testSubj('alertsHits'))
    .getByText(`${count(bruteForce.length)} hit${bruteForce.length === 1 ? '' : 's'}`, {
      exact: true,
    })
    .waitFor();
  await page.keyboard.press('Escape');
  await flyout.waitFor({ state: 'detached' });
});

it('lists the PCI DSS requirements with their alert counts', async () => {
  const byRequirement = new Map<string, number>();
  for (const alert of alerts)
    for (const requirement of rule(alert).pci_dss ?? [])
      byRequirement.set(requirement, (byRequirement.get(requirement) ?? 0) + 1);
  const [top, topCount] = [...byRequirement].sort((a, b) => b[1] - a[1])[0];
  await page.goto(
    `${env.dashboard.url}/app/svc-modules/pci-dss?host=${env.apiHostId}&tab=controls&${RANGE}`,
  );
  await waitForApp(page, 'svc-modules');
  const row = page.locator(testSubj(`complianceRow-${top}`));
  await row.getByText(count(topCount), { exact: true }).waitFor();
  await expect(page.locator('[data-test-subj^="complianceRow-"]').count()).resolves.toBe(
    byRequirement.size,
  );
});

it('counts the vulnerability states by severity', async () => {
  await page.goto(
    `${env.dashboard.url}/app/svc-modules/vulnerability-detection?host=${env.apiHostId}`,
  );
  await waitForApp(page, 'svc-modules');
  for (const severity of ['Critical', 'High', 'Medium', 'Low'])
    await expectKpi(
      `vuls-${severity.toLowerCase()}`,
      vulnerabilityStates.filter((entry) => entry === severity).length,
    );
  // Every agent has the first CVE.
  await page
    .locator(testSubj('alertsPanel-vuls-top-cvesTable'))
    .locator('tr')
    .filter({ hasText: 'CVE-2024-1000' })
    .getByText(count(vulnerabilityStates.filter((entry) => entry === 'Critical').length), {
      exact: true,
    })
    .waitFor();
});

it("goes from an agent's Security events to MITRE ATT&CK with the agent pinned", async () => {
  const tactical = alerts.filter((alert) => rule(alert).mitre?.tactic?.length);
  const agentId = agentIdOf(tactical[0]);
  await page.goto(
    `${env.dashboard.url}/app/svc-agents/${agentId}?host=${env.apiHostId}&tab=security-events&${RANGE}`,
  );
  await waitForApp(page, 'svc-agents');
  const own = alerts.filter((alert) => agentIdOf(alert) === agentId);
  await expectKpi('agent-total', own.length);
  const tactic = page
    .locator(`${testSubj('agentMitreTactics')} [data-test-subj^="agentTacticsLegend-"]`)
    .first();
  const name = (await tactic.textContent()) ?? '';
  await tactic.click();
  await waitForApp(page, 'svc-modules');
  await page.waitForURL(
    (url) => url.pathname.endsWith('/mitre-attack') && url.searchParams.get('agent') === agentId,
  );
  await page
    .locator(testSubj('alertsFilterPills'))
    .getByText(`rule.mitre.tactic: ${name}`)
    .waitFor();
  const expected = own.filter((alert) => rule(alert).mitre?.tactic?.includes(name));
  await expectKpi('mitre-total', expected.length);
});
