/**
 * Server → Configuration in real Chromium against the dashboard and the simulator: the editor flags
 * broken XML as it is typed; a file the managed API refuses is listed line by line and not applied;
 * once fixed it is applied, checked, and the manager restarted, the page waiting until it answers
 * again. Then the Agents page shows upgrade tasks in progress, failed with their error, and done.
 */
import type { Browser, Page } from 'playwright-core';
import { login, request } from '../../simulator/test-client';
import {
  launchBrowser,
  newPage,
  openAppAsAdmin,
  startE2eEnvironment,
  testSubj,
  type E2eEnvironment,
} from './support';

let env: E2eEnvironment;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: 12, seed: 5, managerRestartMs: 1_500, upgradeMs: 60_000 },
  });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await openAppAsAdmin(
    page,
    env,
    `/app/svc-server?host=${env.apiHostId}&tab=configuration&view=edit`,
  );
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

const editor = () => page.locator(`${testSubj('ossecConfEditor')} .cm-content`);

/** Puts the cursor at the end of the editor's first line (`<ossec_config>`) and inserts `text` there. */
async function insertAfterFirstLine(text: string): Promise<void> {
  await editor().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.insertText(text);
}

it('flags broken XML in the editor, lists the API refusal, then applies the fixed file and restarts', async () => {
  await editor().getByText('<ossec_config>').first().waitFor();
  await insertAfterFirstLine('\n  <broken>');
  await page.locator(testSubj('configurationSyntax')).waitFor();
  await page.locator(testSubj('configurationApply')).getByText('XML format error').waitFor();
  expect(await page.locator(testSubj('configurationApply')).isDisabled()).toBe(true);

  await page.keyboard.press('Control+z');
  await page.locator(testSubj('configurationSyntax')).waitFor({ state: 'detached' });
  await insertAfterFirstLine('\n  <bogus>1</bogus>');
  await page.locator(testSubj('configurationApply')).click();
  const refused = page.locator(testSubj('configurationRefused'));
  await refused.getByText("(1230): Invalid element in the configuration: 'bogus'.").waitFor();
  await refused.getByText("(1202): Configuration error at 'etc/ossec.conf'.").waitFor();
  const token = await login(env.managedApi.url);
  const stored = await request(env.managedApi.url, token, 'GET', '/manager/configuration?raw=true');
  expect(stored.text).not.toContain('bogus');

  await page.keyboard.press('Control+z');
  await insertAfterFirstLine('\n  <!-- tuned from the dashboard -->');
  await page.locator(testSubj('configurationApply')).click();
  const applied = page.locator(testSubj('configurationApplied'));
  await applied.getByText('node01: the configuration check passes').waitFor();
  await page.locator(testSubj('configurationRestart')).click();
  await page
    .locator(`${testSubj('configurationRestartConfirm')} button`)
    .getByText('Restart')
    .click();
  await page.locator(testSubj('restartWaiting')).waitFor();
  await page.locator(testSubj('restartDone')).waitFor();
  const after = await request(env.managedApi.url, token, 'GET', '/manager/configuration?raw=true');
  expect(after.text).toContain('<!-- tuned from the dashboard -->');
  await page.locator(testSubj('configurationRestorePrevious')).waitFor();
});

it('shows upgrade tasks in progress, failed with their error, on the Agents page', async () => {
  const token = await login(env.managedApi.url);
  const active = await request(
    env.managedApi.url,
    token,
    'GET',
    '/agents?status=active&q=id!=000&select=id&limit=2',
  );
  const [first, second] = active.json.data.affected_items.map((agent: { id: string }) => agent.id);
  await request(
    env.managedApi.url,
    token,
    'PUT',
    `/agents/upgrade?agents_list=${first}&force=true`,
  );
  env.managedApi.setUpgradeOutcome('Upgrade procedure exited with error code', 0);
  await request(
    env.managedApi.url,
    token,
    'PUT',
    `/agents/upgrade?agents_list=${second}&force=true`,
  );
  env.managedApi.setUpgradeOutcome(null);
  await page.goto(`${env.dashboard.url}/app/svc-agents?host=${env.apiHostId}`);
  const tasks = page.locator(testSubj('upgradeTasks'));
  await tasks.getByText('Upgrade tasks: 1 in progress, 1 failed, 0 finished').waitFor();
  await tasks.locator(testSubj('upgradeTask-In progress')).waitFor();
  await tasks
    .locator(testSubj('upgradeTask-Failed'))
    .getByText('Upgrade procedure exited with error code')
    .waitFor();
});
