/**
 * Server operations in real Chromium against the dashboard and the simulator running as the master
 * of two workers: the Cluster tab lists the three nodes and shows one that stops answering; the Logs
 * tab filters one node's lines by daemon, level and text on the API, and "follow" shows a line the
 * daemon writes afterwards; Status shows every node's daemons, or the chosen node's.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_CLUSTER } from '../../simulator';
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
    managedApi: { agents: 40, seed: 3, cluster: DEMO_CLUSTER },
  });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await openAppAsAdmin(page, env, `/app/svc-server?host=${env.apiHostId}&tab=cluster`);
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

function searchParams(): URLSearchParams {
  return new URL(page.url()).searchParams;
}

it('lists the three nodes of the cluster and shows a worker that stops answering', async () => {
  for (const node of ['master-node', 'worker1', 'worker2']) {
    const row = page.locator(testSubj(`clusterNode-${node}`));
    await row.getByText('Answering', { exact: true }).waitFor();
  }
  await page
    .locator(testSubj('clusterNode-master-node'))
    .getByText('master', { exact: true })
    .waitFor();
  env.managedApi.setNodeAnswering('worker2', false);
  try {
    await page.locator(testSubj('clusterRefresh')).click();
    await page.locator(testSubj('clusterNode-worker2')).getByText('Not answering').waitFor();
    await page.locator(testSubj('clusterSilentNodes')).getByText('worker2').waitFor();
    await page
      .locator(testSubj('clusterNode-worker1'))
      .getByText('Answering', { exact: true })
      .waitFor();
  } finally {
    env.managedApi.setNodeAnswering('worker2', true);
  }
});

it("filters one node's log to the errors of one daemon and a text, then follows new lines", async () => {
  await page.locator(testSubj('serverTab-logs')).click();
  await page.locator(testSubj('logLines')).locator('tbody tr').first().waitFor();
  await page.locator(testSubj('serverNode')).selectOption('master-node');
  await page.locator(testSubj('logsLevel')).selectOption('error');
  await page.locator(testSubj('logsDaemon')).selectOption('wazuh-remoted');
  const rows = page.locator(testSubj('logLines')).locator('tbody tr');
  await page.waitForFunction((selector) => {
    const lines = [...document.querySelectorAll(`${selector} tbody tr`)];
    return lines.length > 0 && lines.every((line) => line.textContent?.includes('wazuh-remoted'));
  }, testSubj('logLines'));
  for (const text of await rows.allTextContents()) {
    expect(text).toContain('wazuh-remoted');
    expect(text).toContain('error');
  }
  expect(Object.fromEntries(searchParams())).toMatchObject({
    tab: 'logs',
    node: 'master-node',
    tag: 'wazuh-remoted',
    level: 'error',
  });

  await page.locator(testSubj('logsSearch')).fill('Incorrectly formatted');
  await page.locator(testSubj('logsSearch')).press('Enter');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('search') !== null);
  await rows.first().getByText('Incorrectly formatted').waitFor();

  await page.locator(testSubj('logsFollow')).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('follow') === 'on');
  env.managedApi.writeLog({
    node: 'master-node',
    tag: 'wazuh-remoted',
    level: 'error',
    description: '(1403): Incorrectly formatted message from agent 042 while followed.',
  });
  // Follow reads again every few seconds: the line appears on top without any click.
  await rows.first().getByText('while followed').waitFor({ timeout: 20_000 });
});

it("shows every node's daemons on Status, or the chosen node's alone", async () => {
  await page.locator(testSubj('serverTab-status')).click();
  await page.locator(testSubj('serverNode')).selectOption('');
  for (const node of ['master-node', 'worker1', 'worker2'])
    await page
      .locator(testSubj(`nodeDaemons-${node}`))
      .getByText('wazuh-clusterd')
      .waitFor();
  await page.locator(testSubj('serverNode')).selectOption('worker2');
  await page.locator(testSubj('nodeInfo-worker2')).waitFor();
  expect(await page.locator(testSubj('nodeDaemons-master-node')).count()).toBe(0);
  expect(searchParams().get('node')).toBe('worker2');
});
