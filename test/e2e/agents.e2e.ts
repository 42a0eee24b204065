/**
 * What a security team does with agents, in real Chromium against the dashboard and the simulator:
 * open an agent from the Agents table, the Overview and SCA, read its inventory, SCA checks,
 * configuration and groups, move back and forward and reopen a copied link; act on many agents at once
 * (a page, or every agent of a filter); deploy a new agent and watch it connect. Flows are driven with
 * the keyboard where a user would, and the views are photographed for the README.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  keepDocsScreenshot,
  newPage,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const AGENTS = 60;

let env: E2eEnvironment;
let browser: Browser;
let page: Page;

/** The simulator's id as a stored API host. */
function apiHostId(): string {
  return env.apiHostId as string;
}

interface ListedAgent {
  id: string;
  name: string;
  status: string;
  version?: string;
}

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true, managedApi: { agents: AGENTS, seed: 5 } });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await loginThroughUi(
    page,
    env.dashboard.url,
    'admin',
    env.dashboard.adminPassword,
    `/app/svc-agents?host=${apiHostId()}`,
  );
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

/** Agents as the API lists them, through the dashboard's proxy: the test's own witness. */
async function listAgents(q: string): Promise<ListedAgent[]> {
  const admin = await env.dashboard.login();
  const response = await admin.post('/api/request', {
    body: {
      id: apiHostId(),
      method: 'GET',
      path: `/agents?limit=500&q=${encodeURIComponent(q)}`,
    },
  });
  return response.json<{ data: { affected_items: ListedAgent[] } }>().data.affected_items;
}

async function simulatorControl(path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${env.managedApi.url}/__simulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/**
 * A screenshot once EUI's lazily loaded icons are drawn, kept for the README's docs/ when asked;
 * `screen` takes what the window shows (a flyout over a long page) instead of the whole page.
 */
async function photograph(name: string, area: 'page' | 'screen' = 'page'): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('svg.euiIcon[data-is-loading="true"]'));
  keepDocsScreenshot(await screenshot(page, name, area), `${name}.png`);
}

async function openAgents(query = ''): Promise<void> {
  await page.goto(`${env.dashboard.url}/app/svc-agents?host=${apiHostId()}${query}`);
  await waitForApp(page, 'svc-agents');
  await tableSettled();
}

async function tableSettled(): Promise<void> {
  await page
    .locator(`${testSubj('agentsTable')} ${testSubj('agentsTableRow')}`)
    .first()
    .waitFor();
  await page
    .locator(`${testSubj('agentsTable')} .euiBasicTable-loading`)
    .waitFor({ state: 'detached' });
}

async function waitForAgentView(agent: ListedAgent): Promise<void> {
  await page.waitForURL((url) => url.pathname.endsWith(`/app/svc-agents/${agent.id}`));
  await page.locator(testSubj('agentTitle')).filter({ hasText: agent.name }).waitFor();
}

describe('item 1: an agent has a page', () => {
  it('opens an agent from the Agents table, with its header, tabs, back/forward and a copied link', async () => {
    const [agent] = await listAgents('status=active;id!=000');
    await openAgents();
    await page
      .locator(
        `${testSubj('agentsTableRow')}[data-agent-id="${agent.id}"] ${testSubj('agentLink')}`,
      )
      .first()
      .click();
    await waitForAgentView(agent);
    const facts = page.locator(testSubj('agentFacts'));
    for (const label of [
      'IP',
      'Operating system',
      'Agent version',
      'Groups',
      'Registered',
      'Last keep-alive',
      'Node',
    ])
      await facts.getByText(label, { exact: true }).waitFor();
    await page.locator(`${testSubj('agentHeader')} ${testSubj('agentStatus-active')}`).waitFor();
    await page.locator(testSubj('agentRestart')).waitFor();

    // Inventory: packages by default, searchable.
    const inventoryRows = page.locator(
      `${testSubj('agentInventoryTable')} ${testSubj('agentInventoryTableRow')}`,
    );
    await inventoryRows.first().waitFor();
    await page.locator(testSubj('agentInventoryOverview')).getByText('Cores').waitFor();
    await photograph('agent-view');
    const search = page.locator(testSubj('agentInventoryTableSearch'));
    await search.fill('ssl');
    await search.press('Enter');
    await page.waitForFunction(
      (selector) =>
        [...document.querySelectorAll(selector)].every((row) => /ssl/i.test(row.textContent ?? '')),
      `${testSubj('agentInventoryTable')} ${testSubj('agentInventoryTableRow')}`,
    );
    await page.locator(testSubj('inventory-processes')).click();
    await page.locator(testSubj('agentInventoryTable')).getByText('wazuh-agentd').first().waitFor();

    // SCA: a policy opens its checks, a check its rationale and remediation.
    await page.locator(testSubj('agentTab-sca')).click();
    await page.locator(testSubj('scaPoliciesTableRow')).first().click();
    await page.locator(testSubj('scaChecksTableRow')).first().click();
    const detail = page.locator(testSubj('scaCheckDetail'));
    await detail.getByText('Rationale', { exact: true }).waitFor();
    await detail.getByText('Remediation', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Configuration: read-only JSON of a chosen section.
    await page.locator(testSubj('agentTab-configuration')).click();
    await page.locator(testSubj('agentConfigJson')).getByText('"client"').waitFor();
    await page.locator(testSubj('agentConfigSection')).selectOption('syscheck/syscheck');
    await page.locator(testSubj('agentConfigJson')).getByText('"directories"').waitFor();

    await page.locator(testSubj('agentTab-groups')).click();
    await page
      .locator(`${testSubj('agentGroupsTable')} tbody tr`)
      .first()
      .waitFor();

    // Back to the configuration tab, back to the list, forward to the agent again.
    await page.goBack();
    await page.locator(testSubj('agentConfigJson')).waitFor();
    const copied = page.url();
    while (new URL(page.url()).pathname !== '/app/svc-agents') await page.goBack();
    await tableSettled();
    await page.goForward();
    await waitForAgentView(agent);

    // A copied link opens the same view in another tab.
    const other = await page.context().newPage();
    await other.goto(copied);
    await other.locator(testSubj('agentTitle')).filter({ hasText: agent.name }).waitFor();
    await other.locator(testSubj('agentConfigJson')).waitFor();
    await other.close();
  });

  it('opens an agent from the Overview and from SCA', async () => {
    const [newest] = (await listAgents('id!=000')).sort((a, b) => Number(b.id) - Number(a.id));
    await page.goto(`${env.dashboard.url}/app/svc-overview?host=${apiHostId()}`);
    await waitForApp(page, 'svc-overview');
    await page
      .locator(`${testSubj('overviewRecentAgents')} ${testSubj('agentLink')}`)
      .first()
      .waitFor();
    await page
      .locator(`${testSubj('overviewRecentAgents')} ${testSubj('agentLink')}`)
      .first()
      .click();
    await page.waitForURL((url) => /\/app\/svc-agents\/\d+$/.test(url.pathname));
    await page.locator(testSubj('agentTitle')).waitFor();
    expect(newest).toBeDefined();

    const [agent] = await listAgents('status=active;id!=000');
    await page.goto(`${env.dashboard.url}/app/svc-sca?host=${apiHostId()}&agent=${agent.id}`);
    await waitForApp(page, 'svc-sca');
    await page.locator(`${testSubj('svcSca')} ${testSubj('agentLink')}`).click();
    await waitForAgentView(agent);
  });

  it('tells how to connect an agent that never connected instead of showing empty tabs', async () => {
    const [agent] = await listAgents('status=never_connected');
    await page.goto(`${env.dashboard.url}/app/svc-agents/${agent.id}?host=${apiHostId()}`);
    await waitForApp(page, 'svc-agents');
    await page.locator(testSubj('agentNeverConnected')).waitFor();
    expect(await page.locator(testSubj('agentTabs')).count()).toBe(0);
    expect(await page.locator(testSubj('agentRestart')).count()).toBe(0);
  });
});

describe('item 2: work on many agents at once', () => {
  it('restarts every agent of a filter across pages, skipping and listing the unconnected ones', async () => {
    await openAgents('&size=10');
    const total = (await listAgents('id!=000')).length;
    await page.locator(`${testSubj('agentsTable')} thead .euiCheckbox__input`).check();
    await page.locator(testSubj('selectWholeFilter')).click();
    await page.locator(testSubj('selectionScope')).getByText(`All ${total} agents`).waitFor();

    // Keyboard: open the menu, pick Restart, confirm with Enter.
    await page.locator(testSubj('bulkActionsButton')).focus();
    await page.keyboard.press('Enter');
    await page.locator(testSubj('bulkActionsMenu')).waitFor();
    await photograph('agents-bulk-actions');
    await page.locator(testSubj('bulkAction-restart')).focus();
    await page.keyboard.press('Enter');
    const confirm = page.locator(testSubj('bulkActionConfirm'));
    await confirm.getByText(`Restart: ${total} agents?`).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await page.locator(testSubj('bulkActionsButton')).click();
    await page.locator(testSubj('bulkAction-restart')).click();
    await page
      .locator(`${testSubj('bulkActionConfirm')} ${testSubj('confirmModalConfirmButton')}`)
      .click();

    const notConnected = (await listAgents('id!=000')).filter((agent) => agent.status !== 'active');
    const outcome = page.locator(testSubj('bulkOutcome'));
    await outcome.getByText(`${notConnected.length} skipped`, { exact: false }).waitFor();
    expect(await outcome.locator(testSubj('bulkOutcomeSkipped')).count()).toBe(notConnected.length);
  });

  it('assigns chosen rows to a group and removes them from it, naming how many in the confirmation', async () => {
    await openAgents('&size=10');
    const rows = page.locator(`${testSubj('agentsTable')} ${testSubj('agentsTableRow')}`);
    const ids = await rows.evaluateAll((elements) =>
      elements.slice(0, 3).map((element) => element.getAttribute('data-agent-id') ?? ''),
    );
    for (const id of ids)
      await page
        .locator(`${testSubj('agentsTableRow')}[data-agent-id="${id}"] .euiCheckbox__input`)
        .check();
    await page.locator(testSubj('bulkActionsButton')).click();
    await page.locator(testSubj('bulkAction-assignGroup')).click();
    await page
      .locator(testSubj('bulkActionConfirm'))
      .getByText('Assign to group: 3 agents?')
      .waitFor();
    await page.locator(testSubj('bulkActionGroup')).selectOption('pci');
    await page
      .locator(`${testSubj('bulkActionConfirm')} ${testSubj('confirmModalConfirmButton')}`)
      .click();
    await page.locator(testSubj('bulkOutcome')).waitFor();
    const inPci = (await listAgents('group=pci')).map((agent) => agent.id);
    expect(inPci).toEqual(expect.arrayContaining(ids));

    await tableSettled();
    for (const id of ids)
      await page
        .locator(`${testSubj('agentsTableRow')}[data-agent-id="${id}"] .euiCheckbox__input`)
        .check();
    await page.locator(testSubj('bulkActionsButton')).click();
    await page.locator(testSubj('bulkAction-removeGroup')).click();
    await page.locator(testSubj('bulkActionGroup')).selectOption('pci');
    await page
      .locator(`${testSubj('bulkActionConfirm')} ${testSubj('confirmModalConfirmButton')}`)
      .click();
    await page
      .locator(testSubj('bulkOutcome'))
      .getByText('Remove from group: 3 agents removed from the group')
      .waitFor();
    expect((await listAgents('group=pci')).map((agent) => agent.id)).not.toEqual(
      expect.arrayContaining(ids),
    );
  });

  it('chooses the columns shown and exports the current filter as CSV', async () => {
    await openAgents();
    await page.locator(testSubj('columnChooserButton')).click();
    await page.locator(testSubj('columnChoice-node_name')).check({ force: true });
    await page
      .locator(`${testSubj('agentsTable')} thead`)
      .getByText('Node')
      .waitFor();
    await page.keyboard.press('Escape');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(testSubj('csvExport')).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^agents-.*\.csv$/);
    const lines = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength((await listAgents('id!=000')).length + 1);
  });
});

describe('item 3: deploy a new agent', () => {
  it('builds the commands for the chosen system, then shows the new agent enroll and connect', async () => {
    await openAgents();
    await page.locator(testSubj('deployAgentButton')).focus();
    await page.keyboard.press('Enter');
    const flyout = page.locator(testSubj('deployAgent'));
    const install = page.locator(testSubj('deployInstallCommand'));
    await install.getByText("WAZUH_MANAGER='127.0.0.1'", { exact: false }).waitFor();
    await install.getByText('_amd64.deb', { exact: false }).waitFor();

    await page.locator(testSubj('deploySystem-windows')).click();
    await install.getByText('msiexec.exe', { exact: false }).waitFor();
    await page.locator(testSubj('deploySystem-rpm')).click();
    await page.locator(testSubj('deployArchitecture-aarch64')).click();
    await install.getByText('.aarch64.rpm', { exact: false }).waitFor();

    await page.locator(testSubj('deployManagerAddress')).fill('https://bad:1');
    await flyout.getByText('Use a host name or an IP address, without scheme or port').waitFor();
    expect(await install.count()).toBe(0);
    await page.locator(testSubj('deployManagerAddress')).fill('manager.example.org');
    await page.locator(testSubj('deployAgentName')).fill('e2e-deployed');
    await page.locator(testSubj('deployGroup')).fill('web');
    await install
      .getByText(
        "WAZUH_MANAGER='manager.example.org' WAZUH_AGENT_GROUP='web' WAZUH_AGENT_NAME='e2e-deployed'",
        {
          exact: false,
        },
      )
      .waitFor();
    await page.locator(testSubj('deployWaiting')).waitFor();

    // The host runs the commands: the agent enrolls, then connects.
    const { id } = await simulatorControl('enroll', { name: 'e2e-deployed', group: 'web' });
    await page
      .locator(testSubj('deployEnrolled'))
      .getByText(`Agent ${id} e2e-deployed enrolled`)
      .waitFor();
    await simulatorControl('connect', { id });
    await page.locator(testSubj('deployConnected')).scrollIntoViewIfNeeded();
    await photograph('agents-deploy', 'screen');
    await page.locator(`${testSubj('deployConnected')} ${testSubj('agentLink')}`).click();
    await waitForAgentView({ id, name: 'e2e-deployed', status: 'active' });
  });

  it('keeps registering by name and IP as the advanced option: one message per error, the whole key, "1 agent"', async () => {
    await openAgents();
    await page.locator(testSubj('deployAgentButton')).click();
    await page.locator(testSubj('deployAddByName')).click();
    const modal = page.locator(testSubj('addAgentModal'));
    await modal.locator('[name="name"]').fill('e2e-deployed');
    await page.locator(testSubj('addAgentSave')).click();
    await modal
      .getByText('There is an agent with the same name', { exact: false })
      .first()
      .waitFor();
    expect(
      await modal.getByText('There is an agent with the same name', { exact: false }).count(),
    ).toBe(1);
    expect(await page.locator(testSubj('svcErrorToast')).count()).toBe(0);

    await modal.locator('[name="name"]').fill('registered-by-name');
    await page.locator(testSubj('addAgentSave')).click();
    const key = page.locator(testSubj('addedAgentKey'));
    await key.waitFor();
    const [registered] = await listAgents('name=registered-by-name');
    const shown = /[A-Za-z0-9+/=]{40,}/.exec(await key.innerText())?.[0] ?? '';
    expect(Buffer.from(shown, 'base64').toString('utf8')).toMatch(
      new RegExp(`^${registered.id} registered-by-name any [0-9a-f]{64}$`),
    );
    await modal.locator('[data-test-subj="euiCodeBlockCopy"]').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    await openAgents('&query=name%3Dregistered-by-name');
    await page.locator(testSubj('agentsTotal')).getByText('1 agent', { exact: true }).waitFor();
  });
});
