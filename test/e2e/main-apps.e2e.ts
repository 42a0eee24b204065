/**
 * The svc apps in real Chromium against the real dashboard and the managed-API simulator: an
 * administrator adds the simulator as API host, sees its counts on the Overview, filters agents
 * with WQL, restarts and deletes one, exports CSV, edits the host; a dashboard user whose host
 * logs in with the API's read-only user is told which permission is missing; then logs out.
 * Every app is photographed into test-results/screenshots/.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { READONLY_USER, RUN_AS_USER } from '../../simulator';
import {
  launchBrowser,
  loginThroughUi,
  newPage,
  pageErrors,
  screenshot,
  startE2eEnvironment,
  submitLogin,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const HOST_ID = 'simulator';
const READONLY_HOST_ID = 'readonly';
const AGENTS = 60;

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment({ managedApi: { agents: AGENTS } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

interface Envelope<T> {
  data: T;
  error: number;
}

/** Asks the simulator through the dashboard's proxy, as the test's own witness of what the UI should show. */
async function managedApi<T>(path: string, apiHostId = HOST_ID): Promise<T> {
  const admin = await env.dashboard.login();
  const response = await admin.post('/api/request', {
    body: { id: apiHostId, method: 'GET', path },
  });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${response.text}`);
  return response.json<Envelope<T>>().data;
}

function simulatorAddress(): { url: string; port: number } {
  const url = new URL(env.managedApi.url);
  return { url: `${url.protocol}//${url.hostname}`, port: Number(url.port) };
}

/** A screenshot once EUI's lazily loaded icons are drawn (before that they show as grey placeholders). */
async function photograph(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('svg.euiIcon[data-is-loading="true"]'));
  await screenshot(page, name);
}

async function openApp(page: Page, appId: string, query = ''): Promise<void> {
  await page.goto(`${env.dashboard.url}/app/${appId}${query}`);
  await waitForApp(page, appId);
}

async function agentRows(page: Page) {
  const rows = page.locator(`${testSubj('agentsTable')} ${testSubj('agentsTableRow')}`);
  await rows.first().waitFor();
  await page
    .locator(`${testSubj('agentsTable')} .euiBasicTable-loading`)
    .waitFor({ state: 'detached' });
  return rows;
}

/** Waits until the element shows exactly `text` (tables reload after a filter or a change). */
async function waitForText(page: Page, subj: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([selector, expected]) => document.querySelector(selector)?.textContent === expected,
    [testSubj(subj), text] as const,
  );
}

/** Waits for a toast of kind `subj` saying `text` (earlier toasts may still be on screen). */
async function waitForToast(page: Page, subj: string, text: string | RegExp): Promise<void> {
  await page
    .locator(`${testSubj('globalToastList')} ${testSubj(subj)}`)
    .filter({ hasText: text })
    .first()
    .waitFor();
}

async function confirmModal(page: Page): Promise<void> {
  await page
    .locator(`${testSubj('confirmModal')} ${testSubj('confirmModalConfirmButton')}`)
    .click();
}

async function fillHostForm(page: Page, values: Record<string, string>): Promise<void> {
  const form = page.locator(testSubj('apiHostForm'));
  for (const [name, value] of Object.entries(values))
    await form.locator(`[name="${name}"]`).fill(value);
  await form.locator(testSubj('apiHostFormSave')).click();
  await form.waitFor({ state: 'detached' });
}

it('manages agents and hosts as an administrator, and shows a read-only user what is missing', async () => {
  const { page } = await newPage(browser);
  const address = simulatorAddress();

  // Settings: no host yet; add the simulator.
  await loginThroughUi(
    page,
    env.dashboard.url,
    'admin',
    env.dashboard.adminPassword,
    '/app/svc-settings',
  );
  await waitForApp(page, 'svc-settings');
  await page.locator(testSubj('addHost')).click();
  await fillHostForm(page, {
    id: HOST_ID,
    url: address.url,
    port: String(address.port),
    username: RUN_AS_USER.username,
    password: RUN_AS_USER.password,
  });
  const hostRow = page.locator(testSubj(`apiHostRow-${HOST_ID}`));
  await hostRow.locator(testSubj('hostStatus-online')).waitFor();
  await expect(hostRow.textContent()).resolves.toContain(
    (await managedApi<{ api_version: string }>('/')).api_version,
  );
  await photograph(page, 'main-apps-settings');

  // Overview: the simulator's own counts.
  const summary = await managedApi<{ connection: Record<string, number> }>(
    '/agents/summary/status',
  );
  await openApp(page, 'svc-overview');
  await page.locator(testSubj('agentsByStatusChart')).waitFor();
  for (const status of ['total', 'active', 'disconnected', 'pending', 'never_connected']) {
    await expect(
      page.locator(`${testSubj(`agentsCount-${status}`)} .euiStat__title`).textContent(),
    ).resolves.toBe(String(summary.connection[status]));
  }
  await page.locator(testSubj('managerHealth')).waitFor();
  await photograph(page, 'main-apps-overview');

  // Agents: WQL filter through q, kept in the URL.
  await openApp(page, 'svc-agents');
  expect(await (await agentRows(page)).count()).toBe(20);
  await page.locator(testSubj('agentsSearch')).fill('status=active');
  await page.locator(testSubj('agentsSearch')).press('Escape');
  await page.locator(testSubj('agentsSearch')).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('query') === 'status=active');
  // The list, like the summary, leaves out the manager (agent 000).
  const activeListed = summary.connection.active;
  await waitForText(page, 'agentsTotal', `${activeListed} agents`);
  const rows = await agentRows(page);
  const statuses = await rows
    .locator('[data-test-subj^="agentStatus-"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-test-subj')));
  expect(new Set(statuses)).toEqual(new Set(['agentStatus-active']));
  await photograph(page, 'main-apps-agents');

  // Restart an active agent (not the manager), after confirming.
  const target = rows.filter({ hasNot: page.getByText('manager', { exact: true }) }).first();
  const restartedId = await target.getAttribute('data-agent-id');
  await target.locator(testSubj('restartAgent')).click();
  await confirmModal(page);
  await waitForToast(page, 'agentActionDone', `Restart sent to agent ${restartedId}`);

  // Delete it, after confirming: the API no longer knows it.
  await agentRows(page);
  await page
    .locator(
      `${testSubj('agentsTableRow')}[data-agent-id="${restartedId}"] ${testSubj('deleteAgent')}`,
    )
    .click();
  await confirmModal(page);
  await waitForToast(page, 'agentActionDone', `Agent ${restartedId} deleted`);
  await waitForText(page, 'agentsTotal', `${activeListed - 1} agents`);
  const remaining = await managedApi<{ total_affected_items: number }>(
    `/agents?agents_list=${restartedId}`,
  ).catch(() => ({ total_affected_items: 0 }));
  expect(remaining.total_affected_items).toBe(0);

  // CSV export of the current filter, saved under the server's name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(testSubj('csvExport')).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^agents-.*\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toContain('ID');
  expect(csv).toHaveLength(activeListed - 1 + 1);
  expect(csv.slice(1).every((line) => line.includes('active'))).toBe(true);
  await waitForToast(page, 'csvExportDone', `${activeListed - 1} rows`);

  // The other apps, each photographed.
  await openApp(page, 'svc-rules');
  await page
    .locator(`${testSubj('rulesTable')} ${testSubj('rulesTableRow')}`)
    .first()
    .waitFor();
  await photograph(page, 'main-apps-rules');
  await openApp(page, 'svc-decoders');
  await page
    .locator(`${testSubj('decodersTable')} ${testSubj('decodersTableRow')}`)
    .first()
    .waitFor();
  await photograph(page, 'main-apps-decoders');
  const [firstAgent] = await managedApi<{ affected_items: Array<{ id: string }> }>(
    '/agents?q=id!=000&limit=1',
  ).then((data) => data.affected_items);
  await openApp(page, 'svc-sca', `?agent=${firstAgent.id}`);
  await page
    .locator(`${testSubj('scaPoliciesTable')} ${testSubj('scaPoliciesTableRow')}`)
    .first()
    .waitFor();
  await photograph(page, 'main-apps-sca');
  await openApp(page, 'svc-server');
  await page.locator(testSubj('managerDaemons')).locator('tbody tr').first().waitFor();
  await photograph(page, 'main-apps-server');

  // Settings: edit the host (another name for the same machine); it is checked again and still works.
  await openApp(page, 'svc-settings');
  await hostRow.locator(testSubj('editHost')).click();
  await fillHostForm(page, { url: address.url.replace('127.0.0.1', 'localhost') });
  await hostRow.getByText(`http://localhost:${address.port}`).waitFor();
  await hostRow.locator(testSubj('hostStatus-online')).waitFor();
  expect(pageErrors(page)).toEqual([]);

  // A dashboard user (role user) on a host that logs in with the API's read-only user.
  const admin = await env.dashboard.login();
  const stored = await admin.post('/hosts/apis', {
    body: {
      id: READONLY_HOST_ID,
      ...address,
      username: READONLY_USER.username,
      password: READONLY_USER.password,
      run_as: false,
    },
  });
  expect(stored.status).toBe(200);
  await env.dashboard.addUser('viewer', 'Viewer.pass.2025', ['user']);
  await page.locator(testSubj('userMenuButton')).click();
  await page.locator(testSubj('logoutButton')).click();
  await page.locator(testSubj('loginForm')).waitFor();
  await page.goto(`${env.dashboard.url}/app/svc-agents?host=${READONLY_HOST_ID}`);
  await submitLogin(page, 'viewer', 'Viewer.pass.2025');
  await waitForApp(page, 'svc-agents');
  const readonlyRows = await agentRows(page);
  // Restart is offered to connected agents only, and to this user not at all: it says why.
  const restart = readonlyRows
    .filter({ has: page.locator(testSubj('restartAgent')) })
    .first()
    .locator(testSubj('restartAgent'));
  await expect(restart.isDisabled()).resolves.toBe(true);
  await expect(restart.getAttribute('title')).resolves.toMatch(
    /^Restart \(Read-only: only dashboard administrators can make changes on an API host without run_as\.\)$/,
  );
  await photograph(page, 'main-apps-permission-denied');
  await openApp(page, 'svc-settings');
  await expect(page.locator(testSubj('addHost')).isDisabled()).resolves.toBe(true);

  // Logout ends the session: the apps lead to the login page again.
  await page.locator(testSubj('userMenuButton')).click();
  await page.locator(testSubj('logoutButton')).click();
  await page.locator(testSubj('loginForm')).waitFor();
  await page.goto(`${env.dashboard.url}/app/svc-overview`);
  await page.locator(testSubj('loginForm')).waitFor();
  expect(pageErrors(page)).toEqual([]);
  // One long flow through every app: more than the default budget on a shared machine.
}, 300_000);
