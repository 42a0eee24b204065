/**
 * The browser shell in real Chromium against the real dashboard: login page, the navigation (docked
 * beside the page at this width) with back and forward, logout, and the way back to a page after the
 * session ended. It uses whichever apps the plugins register (the first two navigation links).
 */
import type { Browser, Page } from 'playwright-core';
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

/** Ids and titles of the apps in the navigation, in order (their deep links left out). */
async function navLinks(page: Page): Promise<Array<{ id: string; title: string }>> {
  const links = page.locator('a[data-test-subj^="navLink-"]');
  await links.first().waitFor();
  return links.evaluateAll((elements) =>
    elements.map((element) => ({
      id: (element.getAttribute('data-test-subj') ?? '').slice('navLink-'.length),
      title: element.textContent ?? '',
    })),
  );
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

it('logs in, moves between apps with the navigation and with back/forward, and logs out', async () => {
  const { page, context } = await newPage(browser);
  const { url, adminPassword } = env.dashboard;

  await page.goto(`${url}/app`);
  await page.locator(testSubj('loginForm')).waitFor();
  expect(pathOf(page)).toBe('/login');
  await screenshot(page, 'shell-login');

  await page.locator(testSubj('loginUsername')).fill('admin');
  await page.locator(testSubj('loginPassword')).fill('not-the-password');
  await page.locator(testSubj('loginSubmit')).click();
  await expect(page.locator(testSubj('loginError')).textContent()).resolves.toBeTruthy();

  await submitLogin(page, 'admin', adminPassword);
  const [first, second] = await navLinks(page);
  expect(second).toBeDefined();
  await waitForApp(page, first.id);
  expect(pathOf(page)).toBe(`/app/${first.id}`);
  await expect(page.title()).resolves.toContain(' - svc');

  await page.locator(testSubj('userMenuButton')).click();
  await expect(page.locator(testSubj('userMenuUsername')).textContent()).resolves.toBe('admin');
  await page.keyboard.press('Escape');

  await page.locator(testSubj(`navLink-${second.id}`)).click();
  await waitForApp(page, second.id);
  expect(pathOf(page)).toBe(`/app/${second.id}`);
  await expect(
    page.locator(testSubj(`navLink-${second.id}`)).getAttribute('aria-current'),
  ).resolves.toBe('page');
  await expect(
    page.locator(testSubj(`navLink-${first.id}`)).getAttribute('aria-current'),
  ).resolves.toBeNull();
  await screenshot(page, 'shell-second-app');

  await page.goBack();
  await waitForApp(page, first.id);
  expect(pathOf(page)).toBe(`/app/${first.id}`);
  await page.goForward();
  await waitForApp(page, second.id);
  expect(pathOf(page)).toBe(`/app/${second.id}`);

  await page.locator(testSubj('userMenuButton')).click();
  await page.locator(testSubj('logoutButton')).click();
  await page.locator(testSubj('loginForm')).waitFor();
  expect(pathOf(page)).toBe('/login');

  await page.goto(`${url}/app/${first.id}`);
  await page.locator(testSubj('loginForm')).waitFor();
  expect(pageErrors(page)).toEqual([]);
  await context.close();
});

it('brings a user whose session ended back to the page after logging in again', async () => {
  const { page, context } = await newPage(browser);
  const { url, adminPassword } = env.dashboard;
  await loginThroughUi(page, url, 'admin', adminPassword);
  const [first, second] = await navLinks(page);
  await waitForApp(page, first.id);

  // The session ends while the page is open and idle (lazily loaded parts of the first app done
  // fetching, so none of their calls races the click): the next call of an app meets a 401.
  await page.waitForLoadState('networkidle');
  await context.clearCookies();
  await page.locator(testSubj(`navLink-${second.id}`)).click();
  await page.waitForURL((location) => location.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/app/${second.id}`);
  await submitLogin(page, 'admin', adminPassword);
  await waitForApp(page, second.id);
  expect(pathOf(page)).toBe(`/app/${second.id}`);

  // A link opened without a session goes through the login page and lands where it pointed. The
  // dashboard page is left first: its own calls would otherwise race this navigation to the login page.
  await page.goto('about:blank');
  await context.clearCookies();
  await page.goto(`${url}/app/${first.id}?from=e2e`);
  await page.locator(testSubj('loginForm')).waitFor();
  await submitLogin(page, 'admin', adminPassword);
  await waitForApp(page, first.id);
  expect(new URL(page.url()).searchParams.get('from')).toBe('e2e');
  expect(pageErrors(page)).toEqual([]);
  await context.close();
});
