/**
 * Chromium for browser tests (Debian's package, driven by playwright-core), with the helpers every
 * test uses: logging in through the login page, waiting for an app, screenshots.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { reportConsoleError, reportPageError } from './quiet-console';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'test-results', 'screenshots');
/** Generous: the machine is shared and a first page load parses the vendor chunks. */
const UI_TIMEOUT_MS = 60_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh context (own cookies) and page; uncaught page errors are kept for `pageErrors`, and console errors and uncaught errors fail the test (quiet-console.ts). */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => {
    errors.push(error);
    reportPageError(page.url(), error);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') reportConsoleError(page.url(), message.text());
  });
  pageErrorLists.set(page, errors);
  return { context, page };
}

const pageErrorLists = new WeakMap<Page, Error[]>();

/** Uncaught errors the page threw so far (a healthy page has none). */
export function pageErrors(page: Page): string[] {
  return (pageErrorLists.get(page) ?? []).map((error) => error.message);
}

/** `[data-test-subj="x"]`, the attribute EUI components and the shell put on what tests use. */
export function testSubj(name: string): string {
  return `[data-test-subj="${name}"]`;
}

/** Waits until the element `selector` finds holds the focus, so that a key pressed next reaches it. */
export async function waitForFocus(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.activeElement === document.querySelector(wanted),
    selector,
  );
}

/** Fills the login form the page shows (navigate there first) and waits for the dashboard. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator(testSubj('loginUsername')).fill(username);
  await page.locator(testSubj('loginPassword')).fill(password);
  await page.locator(testSubj('loginSubmit')).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.locator(testSubj('headerGlobalNav')).waitFor();
}

/** Opens `path` (default the apps), logs in through the login page it leads to, and waits for the dashboard. */
export async function loginThroughUi(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  path = '/app',
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator(testSubj('loginForm')).waitFor();
  await submitLogin(page, username, password);
}

/** Waits until the app `appId` is mounted and done loading its code. */
export async function waitForApp(page: Page, appId: string): Promise<void> {
  await page
    .locator(`${testSubj('appContainer')} .shellAppMount[data-app-id="${appId}"]`)
    .waitFor({ state: 'attached' });
  await page.locator(testSubj('appLoading')).waitFor({ state: 'detached' });
}

/** Saves a full-page screenshot as `test-results/screenshots/<name>.png` and returns its path. */
export async function screenshot(
  page: Page,
  name: string,
  area: 'page' | 'screen' = 'page',
): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: area === 'page' });
  return path;
}

const DOCS_DIR = join(__dirname, '..', '..', '..', 'docs');

/**
 * Copies a screenshot over the README's `docs/<docsName>` when UPDATE_DOCS_SCREENSHOTS=1, so an
 * ordinary run (CI included) never rewrites tracked files.
 */
export function keepDocsScreenshot(path: string, docsName: string): void {
  if (process.env.UPDATE_DOCS_SCREENSHOTS === '1') copyFileSync(path, join(DOCS_DIR, docsName));
}
