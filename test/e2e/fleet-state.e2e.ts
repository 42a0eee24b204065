/**
 * The fleet's state in real Chromium, against the dashboard, the managed-API simulator and the
 * indexer stand-in holding packages and vulnerabilities of the simulator's agents: IT Hygiene →
 * Software searched for one package (exactly the agents that have it, a row opened, the selection
 * exported), Vulnerability detection → Inventory on Critical then one CVE's agents, and the agent
 * page's vulnerability card opening the inventory filtered on the agent and the severity.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  keepDocsScreenshot,
  launchBrowser,
  listAgents,
  newPage,
  openAppAsAdmin,
  screenshot,
  testSubj,
  waitForApp,
  startE2eEnvironment,
  type E2eEnvironment,
  type ListedAgent,
} from './support';

const PACKAGES_INDEX = 'wazuh-states-inventory-packages-e2e';
const SYSTEM_INDEX = 'wazuh-states-inventory-system-e2e';
const VULNERABILITIES_INDEX = 'wazuh-states-vulnerabilities-e2e';
const SEARCHED = 'openssl';
const CVE = 'CVE-2026-0001';

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
let agents: ListedAgent[];
/** The agents that have the searched package: every other one. */
let withPackage: ListedAgent[];
/** The agents the CVE affects, and the Critical rows of the fleet. */
let withCve: ListedAgent[];
let criticalRows: number;

async function waitForHits(count: number): Promise<void> {
  const text = `${count.toLocaleString('en-US')} hit${count === 1 ? '' : 's'}`;
  await page.locator(testSubj('alertsHits')).getByText(text, { exact: true }).waitFor();
}

async function columnTexts(column: string): Promise<string[]> {
  const cells = page.locator(
    `${testSubj('alertsEventsTable')} [role="gridcell"][data-gridcell-column-id="${column}"] .euiDataGridRowCell__content`,
  );
  await cells.first().waitFor();
  return cells.allTextContents();
}

function indexStates(manager: string): void {
  const pin = { wazuh: { cluster: { name: manager } } };
  let id = 0;
  for (const [n, agent] of agents.entries()) {
    const common = { ...pin, agent: { id: agent.id, name: agent.name } };
    env.indexer!.index(
      SYSTEM_INDEX,
      { ...common, host: { hostname: agent.name, os: { name: 'Ubuntu', platform: 'ubuntu' } } },
      `s-${agent.id}`,
    );
    const packages = ['curl', 'bash', ...(n % 2 === 0 ? [SEARCHED] : [])];
    for (const name of packages)
      env.indexer!.index(
        PACKAGES_INDEX,
        { ...common, package: { name, version: '1.0', vendor: 'Debian', type: 'deb' } },
        `p-${(id += 1)}`,
      );
    const vulnerabilities = [
      { id: 'CVE-2026-0100', severity: 'Low', score: 3.1 },
      {
        id: 'CVE-2026-0200',
        severity: n % 3 === 0 ? 'Critical' : 'High',
        score: n % 3 === 0 ? 9.1 : 7.5,
      },
      ...(n % 4 === 1 ? [{ id: CVE, severity: 'Critical', score: 9.8 }] : []),
    ];
    for (const vulnerability of vulnerabilities)
      env.indexer!.index(
        VULNERABILITIES_INDEX,
        {
          ...common,
          package: { name: 'openssl', version: '3.0.1' },
          vulnerability: {
            id: vulnerability.id,
            severity: vulnerability.severity,
            score: { base: vulnerability.score },
            under_evaluation: false,
            description: `${vulnerability.id} in openssl`,
            reference: `https://nvd.example/${vulnerability.id}`,
          },
        },
        `v-${(id += 1)}`,
      );
  }
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: 8, seed: 5 },
    indexer: {},
  });
  const [managerAgent] = await listAgents(env, 'agents_list=000');
  agents = (await listAgents(env, 'limit=100')).filter((agent) => agent.id !== '000');
  withPackage = agents.filter((_, n) => n % 2 === 0);
  withCve = agents.filter((_, n) => n % 4 === 1);
  criticalRows = withCve.length + agents.filter((_, n) => n % 3 === 0).length;
  indexStates(managerAgent.manager as string);
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAppAsAdmin(page, env, `/app/svc-it-hygiene?host=${env.apiHostId}`);
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

it('shows the fleet dashboard as the current state', async () => {
  await page.locator(testSubj('itHygieneDashboard')).waitFor();
  await page.locator(testSubj('alertsCurrentState')).waitFor();
  await page
    .locator(`${testSubj('alertsKpi-fleet-hosts')} .euiStat__title`)
    .getByText(String(agents.length), { exact: true })
    .waitFor();
});

it('finds exactly the agents that have a package, opens a row and exports them', async () => {
  await page.locator(testSubj('itHygieneTab-software')).click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'software');
  const input = page.locator(testSubj('alertsSearchInput'));
  await input.fill(`package.name:${SEARCHED}`);
  await input.press('Enter');
  await waitForHits(withPackage.length);
  expect((await columnTexts('agent.name')).sort()).toEqual(
    withPackage.map((agent) => agent.name).sort(),
  );
  keepDocsScreenshot(await screenshot(page, 'it-hygiene'), 'it-hygiene.png');

  await page.locator(testSubj('alertsInspectRow')).first().click();
  const flyout = page.locator(testSubj('alertDocumentFlyout'));
  await flyout.getByText('Document details').waitFor();
  await flyout
    .locator(testSubj('alertDocumentTable'))
    .getByText('package.name', { exact: true })
    .waitFor();
  await flyout.locator(testSubj('alertDocumentJsonTab')).click();
  expect(await flyout.locator(testSubj('alertDocumentJson')).textContent()).toContain(
    `"${SEARCHED}"`,
  );
  await page.keyboard.press('Escape');
  await flyout.waitFor({ state: 'detached' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(testSubj('alertsCsvExport')).click(),
  ]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines).toHaveLength(withPackage.length + 1);
  expect(lines[0]).toContain('agent.name');
  for (const agent of withPackage)
    expect(lines.some((line) => line.includes(agent.name))).toBe(true);
});

it('lists the Critical vulnerabilities of the fleet, then the agents one CVE affects', async () => {
  await page.goto(
    `${env.dashboard.url}/app/svc-modules/vulnerability-detection?host=${env.apiHostId}&tab=inventory`,
  );
  await waitForApp(page, 'svc-modules');
  await page.locator(testSubj('vulnerabilityInventory')).waitFor();
  await page.locator(testSubj('vulnerabilitySeverity-Critical')).click();
  await waitForHits(criticalRows);
  const cve = page.locator(testSubj('vulnerabilityAgentsLink')).getByText(CVE, { exact: true });
  await cve.first().click();
  await waitForHits(withCve.length);
  expect((await columnTexts('agent.name')).sort()).toEqual(
    withCve.map((agent) => agent.name).sort(),
  );
});

it("opens the inventory on the agent and the severity from the agent page's card", async () => {
  const [agent] = withCve;
  await page.goto(`${env.dashboard.url}/app/svc-agents/${agent.id}?host=${env.apiHostId}`);
  await waitForApp(page, 'svc-agents');
  const critical = page.locator(testSubj('agentVulnerabilities-Critical'));
  await critical.getByText('1', { exact: true }).waitFor();
  await critical.click();
  await waitForApp(page, 'svc-modules');
  await page.waitForURL((url) => url.searchParams.get('agent') === agent.id);
  await page.locator(testSubj('vulnerabilityInventory')).waitFor();
  await waitForHits(1);
  expect(await columnTexts('vulnerability.id')).toEqual([CVE]);
});
