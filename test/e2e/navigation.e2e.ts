/**
 * The categorised navigation in real Chromium: the groups docked beside the page on a wide window,
 * the command palette driven by the keyboard alone (Ctrl+K, "logs", Enter lands on the Server app's
 * logs), the menu button and no sideways scrolling at 1024 px, real links, and the recently visited
 * pages kept for the user across page loads.
 */
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  newPage,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

async function signedIn(path: string): Promise<Page> {
  const { page } = await newPage(browser);
  await loginThroughUi(page, env.dashboard.url, 'admin', env.dashboard.adminPassword, path);
  return page;
}

/** The group titles of the navigation, in order. */
function groupTitles(page: Page): Promise<string[]> {
  return page
    .locator(`${testSubj('collapsibleNav')} h2`)
    .evaluateAll((headings) => headings.map((heading) => heading.textContent ?? ''));
}

it('shows the apps docked in their groups on a wide window, the page highlighted', async () => {
  const page = await signedIn('/app/svc-modules/pci-dss');
  await waitForApp(page, 'svc-modules');
  await page.locator(testSubj('collapsibleNav')).waitFor();
  expect(await groupTitles(page)).toEqual([
    'Recently visited',
    'Home',
    'Endpoint security',
    'Threat intelligence',
    'Security operations',
    'Cloud security',
    'Agents management',
    'Server management',
    'Dashboard management',
  ]);
  const pciDss = page.locator(testSubj('navDeepLink-svc-modules-pci-dss'));
  await expect(pciDss.getAttribute('aria-current')).resolves.toBe('page');
  await expect(pciDss.getAttribute('href')).resolves.toBe('/app/svc-modules/pci-dss');
  const securityOperations = page.locator(testSubj('navGroup-security-operations'));
  expect(await securityOperations.locator('a').allTextContents()).toEqual([
    'IT Hygiene',
    'PCI DSS',
    'GDPR',
    'HIPAA',
    'NIST 800-53',
    'TSC',
  ]);
  await screenshot(page, 'navigation-docked', 'screen');

  await page.locator(testSubj('navLink-svc-agents')).click();
  await waitForApp(page, 'svc-agents');
  expect(new URL(page.url()).pathname).toBe('/app/svc-agents');
  await expect(
    page.locator(testSubj('navLink-svc-agents')).getAttribute('aria-current'),
  ).resolves.toBe('page');
  await page.context().close();
});

it('opens the palette with the keyboard, finds "logs" and lands on the Server logs with Enter', async () => {
  const page = await signedIn('/app/svc-overview');
  await waitForApp(page, 'svc-overview');
  await page.keyboard.press('Control+k');
  const search = page.locator(testSubj('commandPaletteSearch'));
  await search.waitFor();
  await expect(search.evaluate((element) => element === document.activeElement)).resolves.toBe(
    true,
  );
  await page.keyboard.type('logs');
  await page.locator(testSubj('paletteOption-svc-server:logs')).waitFor();
  await screenshot(page, 'navigation-palette', 'screen');
  await page.keyboard.press('Enter');
  await waitForApp(page, 'svc-server');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/app/svc-server');
  expect(url.searchParams.get('tab')).toBe('logs');
  await page.locator(testSubj('commandPalette')).waitFor({ state: 'detached' });
  await expect(
    page.locator(testSubj('navDeepLink-svc-server-logs')).getAttribute('aria-current'),
  ).resolves.toBe('page');
  await page.context().close();
});

it('at 1024 px folds the navigation behind a button and never scrolls sideways', async () => {
  const page = await signedIn('/app/svc-overview');
  await page.setViewportSize({ width: 1024, height: 768 });
  await waitForApp(page, 'svc-overview');
  await expect(page.locator(testSubj('collapsibleNav')).count()).resolves.toBe(0);
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect(overflow()).resolves.toBeLessThanOrEqual(0);
  await screenshot(page, 'navigation-1024-closed', 'screen');

  await page.locator(testSubj('toggleNavButton')).click();
  const fim = page.locator(testSubj('navDeepLink-svc-modules-file-integrity-monitoring'));
  await fim.waitFor();
  await screenshot(page, 'navigation-1024-open', 'screen');
  await fim.click();
  await waitForApp(page, 'svc-modules');
  expect(new URL(page.url()).pathname).toBe('/app/svc-modules/file-integrity-monitoring');
  await expect(page.locator(testSubj('collapsibleNav')).count()).resolves.toBe(0);
  await expect(overflow()).resolves.toBeLessThanOrEqual(0);
  await page.context().close();
});

it("keeps the user's recently visited pages across page loads", async () => {
  const page = await signedIn('/app/svc-rules');
  await waitForApp(page, 'svc-rules');
  await page.locator(testSubj('navDeepLink-svc-server-cluster')).click();
  await waitForApp(page, 'svc-server');
  await page.reload();
  await waitForApp(page, 'svc-server');
  const recent = page.locator(`${testSubj('navRecentlyVisited')} ${testSubj('navRecentLink')}`);
  await recent.first().waitFor();
  expect((await recent.allTextContents()).slice(0, 2)).toEqual(['Server › Cluster', 'Rules']);
  await expect(recent.first().getAttribute('href')).resolves.toBe('/app/svc-server?tab=cluster');
  await page.context().close();
});
