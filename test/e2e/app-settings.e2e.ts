/**
 * App settings and the health check in real Chromium: an administrator changes the alerts index
 * pattern and Threat Hunting reads the other indices at once; the health check shows a missing
 * template with its cause and fix, and "Run again" turns it green once the template is back.
 */
import type { Browser, Page } from 'playwright-core';
import {
  indexerAuthorization,
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

const HOUR_MS = 3_600_000;
const CUSTOM_PATTERN = 'custom-alerts-*';
const CUSTOM_ALERTS = 7;

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
let alertsCount: number;

async function waitForHits(count: number): Promise<void> {
  const text = `${count.toLocaleString('en-US')} hit${count === 1 ? '' : 's'}`;
  await page.locator(testSubj('alertsHits')).getByText(text, { exact: true }).waitFor();
}

async function indexer(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${env.indexer!.url}${path}`, {
    method,
    headers: { authorization: indexerAuthorization(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: 5, seed: 3 },
    indexer: {},
  });
  const { alerts } = await indexSampleAlerts(
    env,
    [{ category: 'security', count: 40, seed: 5 }],
    HOUR_MS,
  );
  alertsCount = alerts.length;
  // The same manager's alerts in indices only the other pattern names.
  for (const [index, alert] of alerts.slice(0, CUSTOM_ALERTS).entries())
    env.indexer!.index('custom-alerts-e2e', alert, `custom-${index}`);
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1280, height: 1000 });
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

it('changes the alerts index pattern in App settings, and Threat Hunting reads it', async () => {
  const threatHunting = `/app/svc-threat-hunting?host=${env.apiHostId}`;
  await openAppAsAdmin(page, env, threatHunting);
  await waitForHits(alertsCount);

  await page.goto(`${env.dashboard.url}/app/svc-app-settings`);
  await waitForApp(page, 'svc-app-settings');
  const field = page.locator(testSubj('appSetting-indexer.alertsIndexPattern'));
  await field.fill(CUSTOM_PATTERN);
  await page.locator(testSubj('appSettingsSave')).click();
  await page
    .locator(testSubj('appSettingRow-indexer.alertsIndexPattern'))
    .getByText('Saved', { exact: true })
    .waitFor();
  await page
    .locator(testSubj('appSettingsHistory'))
    .getByText('indexer.alertsIndexPattern')
    .waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  keepDocsScreenshot(await screenshot(page, 'app-settings', 'screen'), 'app-settings.png');

  const searched = page.waitForRequest((request) => request.url().includes('/api/alerts/search'));
  await page.goto(`${env.dashboard.url}${threatHunting}`);
  await waitForApp(page, 'svc-threat-hunting');
  await searched;
  await waitForHits(CUSTOM_ALERTS);

  // A reset returns Threat Hunting to the config file's pattern.
  await page.goto(`${env.dashboard.url}/app/svc-app-settings`);
  await page.locator(testSubj('appSettingReset-indexer.alertsIndexPattern')).click();
  await page
    .locator(testSubj('appSettingRow-indexer.alertsIndexPattern'))
    .getByText('Saved', { exact: true })
    .waitFor({ state: 'detached' });
  await page.goto(`${env.dashboard.url}${threatHunting}`);
  await waitForHits(alertsCount);
});

it('lets users choose an allowed pattern on Threat Hunting and the modules, kept per user', async () => {
  await page.goto(`${env.dashboard.url}/app/svc-app-settings`);
  await waitForApp(page, 'svc-app-settings');
  const allowed = page.locator(testSubj('appSetting-alerts.selectableIndexPatterns'));
  await allowed.locator('input').fill(CUSTOM_PATTERN);
  await page.keyboard.press('Enter');
  await page.locator(testSubj('appSettingsSave')).click();
  await page
    .locator(testSubj('appSettingRow-alerts.selectableIndexPatterns'))
    .getByText('Saved', { exact: true })
    .waitFor();

  const threatHunting = `/app/svc-threat-hunting?host=${env.apiHostId}`;
  await page.goto(`${env.dashboard.url}${threatHunting}`);
  await waitForApp(page, 'svc-threat-hunting');
  await waitForHits(alertsCount);
  const select = page.locator(testSubj('alertsIndexPatternSelect'));
  await select.selectOption(CUSTOM_PATTERN);
  await waitForHits(CUSTOM_ALERTS);
  await page.waitForURL((url) => url.searchParams.get('pattern') === CUSTOM_PATTERN);

  // Opened again without the choice in the link, a view reads the user's last pattern.
  await page.goto(
    `${env.dashboard.url}/app/svc-modules/file-integrity-monitoring?host=${env.apiHostId}`,
  );
  await waitForApp(page, 'svc-modules');
  await page.waitForURL((url) => url.searchParams.get('pattern') === CUSTOM_PATTERN);
  expect(await select.inputValue()).toBe(CUSTOM_PATTERN);
  await page.goto(`${env.dashboard.url}${threatHunting}`);
  await waitForHits(CUSTOM_ALERTS);
  await select.selectOption('wazuh-alerts-*');
  await waitForHits(alertsCount);
});

it('shows a failing health check with its cause and fix, and a retry that passes', async () => {
  const template = (await indexer('GET', '/_template/wazuh')) as { wazuh: unknown };
  await indexer('DELETE', '/_template/wazuh');

  await page.goto(`${env.dashboard.url}/app/svc-health-check`);
  await waitForApp(page, 'svc-health-check');
  const check = page.locator(`${testSubj('healthCheck-index-template')}[data-state="red"]`);
  await check
    .getByText('No index template applies to [wazuh-alerts-*]', { exact: false })
    .waitFor();
  await check
    .locator(testSubj('healthCheckFix'))
    .getByText('PUT _template/wazuh', { exact: false })
    .waitFor();
  await screenshot(page, 'health-check-failing');

  await indexer('PUT', '/_template/wazuh', template.wazuh);
  await page.locator(testSubj('healthCheckRetry')).click();
  await page.locator(`${testSubj('healthCheck-index-template')}[data-state="green"]`).waitFor();
  keepDocsScreenshot(await screenshot(page, 'health-check'), 'health-check.png');
});
