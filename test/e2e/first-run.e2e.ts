/**
 * The first run as the README tells it: `npm start` with nothing but a fresh data folder, a free
 * port and SVC_DEMO=auto. The start-up block gives the URL and the file holding the generated
 * password; logging in through the UI leads to the Overview showing the demo agents. A second start
 * on the same data prints no new password and still runs the demo.
 *
 * With UPDATE_DOCS_SCREENSHOTS=1 the console's screenshot also replaces `docs/console.png` (the
 * Overview's picture comes from overview-alerts.e2e.ts, which waits for its alerts).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  newPage,
  pageErrors,
  screenshot,
  testSubj,
  waitForApp,
  keepDocsScreenshot,
} from './support/browser';
import { ensureBrowserBundles } from './support/browser-bundles';
import { freePort, startNpmStart, waitForStatus, type NpmStart } from './first-run/npm-start';

/** The first `npm start` may have to build the browser bundles on a busy machine. */
const FIRST_START_TIMEOUT_MS = 15 * 60_000;
const DEMO_LINE =
  /^Demo mode: on — built-in managed API at http:\/\/127\.0\.0\.1:\d+ stored as host "demo"$/;
const DEMO_INDEXER_LINE =
  /^Demo mode: on — indexer stand-in at http:\/\/127\.0\.0\.1:\d+ with sample alerts of the last 7 days$/;

jest.setTimeout(FIRST_START_TIMEOUT_MS + 5 * 60_000);

/** Ctrl+C's signal to the whole group: npm itself ends by it, the dashboard stops in order. */
async function stopCleanly(running: NpmStart): Promise<void> {
  await running.stop();
  expect(running.output()).toContain('"message":"Server stopped"');
}

describe('first run from npm start', () => {
  let dataDir: string;
  let running: NpmStart | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Other browser tests may be building build/public right now: wait for them under the shared lock.
    // npm start then finds the bundles current (it builds them itself on a machine where nothing else runs).
    await ensureBrowserBundles();
    dataDir = mkdtempSync(join(tmpdir(), 'svc-first-run-'));
  }, FIRST_START_TIMEOUT_MS);
  // Each test's dashboard is stopped even when the test failed before stopping it itself.
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URL, the password file and demo mode; the UI login reaches the Overview with demo agents and the console answers', async () => {
    running = startNpmStart({ dataDir, port: await freePort(), env: { SVC_DEMO: 'auto' } });
    const block = await Promise.race([
      running.block,
      new Promise<never>((_resolve, reject) =>
        // sleep-ok: a deadline that fails with the output so far instead of a bare test timeout
        setTimeout(
          () =>
            reject(
              new Error(
                `no start-up block within ${FIRST_START_TIMEOUT_MS} ms:\n${running!.output()}`,
              ),
            ),
          FIRST_START_TIMEOUT_MS,
        ).unref(),
      ),
    ]);
    expect(block.lines).toEqual([
      `The svc security dashboard is running at ${block.url}`,
      expect.stringMatching(/^Log in as "admin" with the generated password stored in /),
      expect.stringMatching(DEMO_LINE),
      expect.stringMatching(DEMO_INDEXER_LINE),
    ]);
    expect(block.passwordFile).toBe(join(dataDir, 'initial-admin-password'));
    expect(statSync(block.passwordFile!).mode & 0o777).toBe(0o600);
    const password = readFileSync(block.passwordFile!, 'utf8').trim();
    expect(running.output()).not.toContain(password);

    browser = await launchBrowser();
    const { page } = await newPage(browser);
    await loginThroughUi(page, block.url, 'admin', password, '/app/svc-overview');
    await waitForApp(page, 'svc-overview');
    const total = page.locator(testSubj('agentsCount-total'));
    await total.waitFor();
    await page.waitForFunction(
      (selector) =>
        Number(document.querySelector(selector)?.textContent?.match(/\d+/)?.[0] ?? 0) > 0,
      `${testSubj('agentsCount-total')} .euiStat__title`,
    );
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, 'first-run-overview');

    // The API console answers from the demo host too.
    await page.goto(`${block.url}/app/svc-console?host=demo`);
    await waitForApp(page, 'svc-console');
    await page.locator(testSubj('consoleCatalogueInfo')).waitFor();
    await page.locator(`${testSubj('consoleRequestEditor')} .cm-content`).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nGET /agents?limit=3&select=id,name,status');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    await page.locator(testSubj('consoleHistoryEntry')).first().waitFor();
    expect(await page.locator(testSubj('consoleResponseStatus')).textContent()).toContain('200');
    expect(pageErrors(page)).toEqual([]);
    keepDocsScreenshot(await screenshot(page, 'first-run-console'), 'console.png');

    await stopCleanly(running);
    running = undefined;
  });

  it('on a second start builds nothing, prints no password and runs the demo again', async () => {
    running = startNpmStart({ dataDir, port: await freePort(), env: { SVC_DEMO: 'auto' } });
    const block = await running.block;
    expect(block.passwordFile).toBeUndefined();
    expect(block.lines).toEqual([
      `The svc security dashboard is running at ${block.url}`,
      expect.stringMatching(DEMO_LINE),
      expect.stringMatching(DEMO_INDEXER_LINE),
    ]);
    await waitForStatus(block.url, performance.now(), 60_000);
    expect(running.output()).not.toContain('Building:');
    await stopCleanly(running);
    running = undefined;
  });
});
