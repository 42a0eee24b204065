/**
 * Settings → Sample data in real Chromium, against the dashboard writing to the indexer stand-in: an
 * administrator adds a category (its index holds as many alerts as the card says, all of the last 7
 * days, and the Overview says it includes sample data) and removes it again; other users only look.
 */
import type { Browser, Page } from 'playwright-core';
import {
  indexerAuthorization,
  launchBrowser,
  loginThroughUi,
  newPage,
  pageErrors,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const CATEGORY = 'security';
const SAMPLE_INDEX = `wazuh-alerts-4.x-sample-${CATEGORY}`;
const VIEWER = { username: 'viewer', password: 'viewer-password-e2e' };

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true, managedApi: { agents: 10 }, indexer: {} });
  await env.dashboard.addUser(VIEWER.username, VIEWER.password, ['user']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

/** Asks the stand-in directly: how many documents of `index` match `query` (404 when it is gone). */
async function indexerCount(
  index: string,
  query: Record<string, unknown> = { match_all: {} },
): Promise<{ status: number; count?: number }> {
  const response = await fetch(`${env.indexer!.url}/${index}/_count`, {
    method: 'POST',
    headers: { authorization: indexerAuthorization(), 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { count?: number };
  return { status: response.status, count: body.count };
}

async function openSampleData(page: Page, username: string, password: string): Promise<void> {
  await loginThroughUi(
    page,
    env.dashboard.url,
    username,
    password,
    `/app/svc-settings?host=${env.apiHostId}&tab=sample-data`,
  );
  await waitForApp(page, 'svc-settings');
  await page.locator(testSubj(`sampleData-${CATEGORY}`)).waitFor();
}

it('lets an administrator add sample alerts of the last 7 days and remove them again', async () => {
  const { page } = await newPage(browser);
  await openSampleData(page, 'admin', env.dashboard.adminPassword);
  const card = page.locator(testSubj(`sampleData-${CATEGORY}`));
  await expect(card.locator(testSubj('sampleDataCount')).textContent()).resolves.toContain(
    'Not installed',
  );
  await expect(indexerCount(SAMPLE_INDEX)).resolves.toMatchObject({ status: 404 });

  await card.locator(testSubj('sampleDataAdd')).click();
  await card.getByText('Installed', { exact: true }).waitFor();
  const toast = page.locator(`${testSubj('globalToastList')} .euiToast`).first();
  await expect(toast.textContent()).resolves.toContain('last 7 days');

  // The card's count is what the index holds, and every alert is dated within the last 7 days.
  const { count } = await indexerCount(SAMPLE_INDEX);
  expect(count).toBeGreaterThan(0);
  await expect(card.locator(testSubj('sampleDataCount')).textContent()).resolves.toBe(
    `${count!.toLocaleString('en-US')} alerts in ${SAMPLE_INDEX}`,
  );
  await expect(
    indexerCount(SAMPLE_INDEX, { range: { timestamp: { gte: 'now-7d', lte: 'now' } } }),
  ).resolves.toEqual({ status: 200, count });
  await screenshot(page, 'sample-data-installed');

  // The host's Overview counts them, and says that it does.
  await page.goto(`${env.dashboard.url}/app/svc-overview?host=${env.apiHostId}`);
  await waitForApp(page, 'svc-overview');
  await page.locator(testSubj('alertsSampleDataNotice')).waitFor();

  await page.goto(`${env.dashboard.url}/app/svc-settings?host=${env.apiHostId}&tab=sample-data`);
  await waitForApp(page, 'svc-settings');
  await card.locator(testSubj('sampleDataRemove')).click();
  await page.locator(testSubj('confirmModalConfirmButton')).click();
  await card.locator(testSubj('sampleDataAdd')).waitFor();
  await expect(card.getByText('Installed', { exact: true }).count()).resolves.toBe(0);
  await expect(indexerCount(SAMPLE_INDEX)).resolves.toMatchObject({ status: 404 });
  expect(pageErrors(page)).toEqual([]);
});

it('shows other users the cards without a way to change them', async () => {
  const { page } = await newPage(browser);
  await openSampleData(page, VIEWER.username, VIEWER.password);
  await page.locator(testSubj('sampleDataReadOnly')).waitFor();
  await expect(page.locator(testSubj('sampleDataAdd')).count()).resolves.toBe(0);
  await expect(page.locator(testSubj('sampleDataRemove')).count()).resolves.toBe(0);
  expect(pageErrors(page)).toEqual([]);
});
