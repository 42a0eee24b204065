/**
 * The API console in real Chromium against the real dashboard and two managed-API simulators stored
 * as hosts: a request typed with completion and run, its formatted answer; a request the managed API
 * forbids for a read-only dashboard user, with its 4000 envelope; an entry picked from the history;
 * the host switched in the console; the text kept over a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { RUN_AS_USER, startManagedApi, type ManagedApi } from '../../simulator';
import type { TestDashboard } from '../integration/harness';
import {
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

const READER = { username: 'reader', password: 'Reader-console-2025!' };
const SECOND_HOST_AGENTS = 7;

let env: E2eEnvironment;
let second: ManagedApi;
let browser: Browser;

async function storeHost(dashboard: TestDashboard, id: string, api: ManagedApi): Promise<void> {
  const url = new URL(api.url);
  const admin = await dashboard.login();
  // run_as: the managed API gives each dashboard user the permissions its rules map their roles to.
  const response = await admin.post('/hosts/apis', {
    body: {
      id,
      url: `${url.protocol}//${url.hostname}`,
      port: Number(url.port),
      username: RUN_AS_USER.username,
      password: RUN_AS_USER.password,
      run_as: true,
    },
  });
  if (response.status !== 200)
    throw new Error(`Storing host ${id} failed with ${response.status}: ${response.text}`);
}

beforeAll(async () => {
  env = await startE2eEnvironment();
  second = await startManagedApi({ port: 0, agents: SECOND_HOST_AGENTS, seed: 2 });
  await storeHost(env.dashboard, 'sim-a', env.managedApi);
  await storeHost(env.dashboard, 'sim-b', second);
  await env.dashboard.addUser(READER.username, READER.password, ['user']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await second?.stop();
  await env?.stop();
});

async function openConsole(
  page: Page,
  username: string,
  password: string,
  host: string,
): Promise<void> {
  await loginThroughUi(
    page,
    env.dashboard.url,
    username,
    password,
    `/app/svc-console?host=${host}`,
  );
  await waitForApp(page, 'svc-console');
  await page.locator(testSubj('consoleCatalogueInfo')).waitFor();
}

/** Puts the cursor at the end of the request editor. */
async function toEditorEnd(page: Page): Promise<void> {
  await page.locator(`${testSubj('consoleRequestEditor')} .cm-content`).click();
  await page.keyboard.press('Control+End');
}

/** Matches an element whose whole text is `text`. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[/?.*+()[\]{}^$|\\]/g, '\\$&')}$`);
}

async function pickCompletion(page: Page, label: string): Promise<void> {
  await page
    .locator('.cm-tooltip-autocomplete li')
    .filter({ has: page.locator('.cm-completionLabel', { hasText: exactly(label) }) })
    .click();
}

/** Waits until the request editor has a line with exactly `text`. */
async function editorLine(page: Page, text: string): Promise<void> {
  await page
    .locator(`${testSubj('consoleRequestEditor')} .cm-line`)
    .filter({ hasText: exactly(text) })
    .first()
    .waitFor();
}

/** Runs a request and waits for its answer (each answer adds a history entry). */
async function runAndRead(
  page: Page,
  run: () => Promise<void>,
): Promise<{ status: string; host: string; request: string; body: string }> {
  const before = await page.locator(testSubj('consoleHistoryEntry')).count();
  await run();
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-test-subj="consoleHistoryEntry"]').length > count,
    before,
  );
  return readResponse(page);
}

/** Runs the request under the cursor with Ctrl+Enter. */
function runWithKeyboard(page: Page) {
  return runAndRead(page, () => page.keyboard.press('Control+Enter'));
}

/** Runs the last request of the editor with the ▶ beside its request line. */
function runWithPlayButton(page: Page) {
  return runAndRead(page, () => page.locator(testSubj('consoleRunRequest')).last().click());
}

async function readResponse(page: Page) {
  return {
    status: (await page.locator(testSubj('consoleResponseStatus')).textContent()) ?? '',
    host: (await page.locator(testSubj('consoleResponseHost')).textContent()) ?? '',
    request: (await page.locator(testSubj('consoleResponseRequest')).textContent()) ?? '',
    body: await page
      .locator(`${testSubj('consoleResponseBody')} .cm-content`)
      .evaluate((element) =>
        [...element.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'),
      ),
  };
}

it('completes and runs requests, keeps them in the history, switches hosts and keeps the text over a reload', async () => {
  const { page } = await newPage(browser);
  await openConsole(page, 'admin', env.dashboard.adminPassword, 'sim-a');
  await expect(page.locator(testSubj('svcHostSelector')).inputValue()).resolves.toBe('sim-a');

  // A path completed from the catalogue.
  await toEditorEnd(page);
  await page.keyboard.type('\nGET /agents/summary/st');
  await pickCompletion(page, '/agents/summary/status');
  await editorLine(page, 'GET /agents/summary/status');
  const summary = await runWithKeyboard(page);
  expect(summary.status).toBe('200');
  expect(summary.host).toBe('sim-a');
  expect(summary.request).toBe('GET /agents/summary/status');
  expect(summary.body.split('\n')[0]).toBe('{');
  expect(summary.body).toMatch(/\n {2}"data": \{/);
  expect(summary.body).toContain('"error": 0');

  // A query parameter and one of its values.
  await page.keyboard.press('End');
  await page.keyboard.type('\nGET /agents?sta');
  await pickCompletion(page, 'status');
  await pickCompletion(page, 'active');
  await editorLine(page, 'GET /agents?status=active');
  const active = await runWithKeyboard(page);
  expect(active.status).toBe('200');
  expect(active.body).toContain('"status": "active"');
  expect(active.body).not.toContain('"status": "disconnected"');
  await screenshot(page, 'console');

  // The history lists both; picking one adds it to the editor, ready to run again.
  const entries = page.locator(testSubj('consoleHistoryEntry'));
  await expect(entries.allTextContents()).resolves.toEqual([
    'GET /agents?status=active',
    'GET /agents/summary/status',
  ]);
  await entries.nth(1).click();
  const again = await runWithKeyboard(page);
  expect(again.request).toBe('GET /agents/summary/status');
  expect(again.status).toBe('200');
  await expect(entries.count()).resolves.toBe(3);

  // Another stored host, chosen in the console.
  const firstHostAgentCalls = env.managedApi.stats.byRoute['GET /agents'] ?? 0;
  await page.locator(testSubj('svcHostSelector')).selectOption('sim-b');
  await page.waitForURL((url) => url.searchParams.get('host') === 'sim-b');
  await page.locator(testSubj('consoleTargetHost')).filter({ hasText: 'sim-b' }).waitFor();
  await toEditorEnd(page);
  await page.keyboard.type('\nGET /agents?limit=1');
  const onSecond = await runWithPlayButton(page);
  expect(onSecond.host).toBe('sim-b');
  expect(onSecond.body).toContain(`"total_affected_items": ${SECOND_HOST_AGENTS + 1}`);
  expect(second.stats.byRoute['GET /agents']).toBe(1);
  expect(env.managedApi.stats.byRoute['GET /agents'] ?? 0).toBe(firstHostAgentCalls);
  await expect(page.locator(testSubj('consoleHistoryHost')).first().textContent()).resolves.toBe(
    'sim-b',
  );

  // The editor text and the history survive a reload.
  await page.reload();
  await waitForApp(page, 'svc-console');
  await editorLine(page, 'GET /agents?limit=1');
  await entries.nth(3).waitFor();
  await expect(entries.count()).resolves.toBe(4);
  expect(pageErrors(page)).toEqual([]);
});

it('shows the 4000 envelope when a read-only dashboard user runs a request the managed API forbids', async () => {
  const { page } = await newPage(browser);
  await openConsole(page, READER.username, READER.password, 'sim-a');
  // A request with a problem is marked in the editor and not sent.
  await toEditorEnd(page);
  await page.keyboard.type('\nGET agents');
  await page
    .locator(`${testSubj('consoleRequestEditor')} .cm-lintRange-error`)
    .first()
    .waitFor();
  await page.keyboard.press('Control+Enter');
  await expect(page.locator(testSubj('consoleNotSent')).textContent()).resolves.toContain(
    'The path must start with "/"',
  );

  await page.keyboard.type('\nPUT /agents/001/restart');
  const denied = await runWithKeyboard(page);
  expect(denied.status).toBe('403');
  expect(denied.body).toContain('"error": 4000');
  expect(denied.body).toContain('"title": "Permission Denied"');
  const callout = page.locator(testSubj('consoleApiError'));
  await expect(callout.textContent()).resolves.toMatch(/Permission Denied.*\(error 4000\)/);
  // Each user has their own history.
  await expect(page.locator(testSubj('consoleHistoryEntry')).allTextContents()).resolves.toEqual([
    'PUT /agents/001/restart',
  ]);
  await screenshot(page, 'console-permission-denied');
  expect(pageErrors(page)).toEqual([]);
});
