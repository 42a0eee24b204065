/**
 * Browser figures, measured in headless Chromium against the real dashboard and the simulator:
 *
 * 1. The JavaScript each app loads first: every script a fresh browser fetches to open `/app/<id>`,
 *    in bytes and gzip, split into what all apps share (shell, vendor chunks, plugin entries) and
 *    what only that app loads (its own chunks, named from the bundle manifest).
 * 2. The time from navigation to a rendered Agents table with 50 rows, with a cold cache (new
 *    browser context) and a warm one (bundles cached for a year, so only data is fetched).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  startE2eEnvironment,
  submitLogin,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from '../e2e/support';
import type { BenchResult } from './run';

export const name = 'Browser bundles and page load';

const PUBLIC_DIR = join(__dirname, '..', '..', 'build', 'public');
const AGENTS_APP_ID = 'svc-agents';
/** Rows of the Agents table (marked by the Agents app), shown 50 to a page with `size=50` in its URL. */
const AGENT_ROWS = testSubj('agentsTableRow');
const AGENT_COUNT = 50;
const RUNS = 5;

interface Script {
  file: string;
  bytes: number;
  gzip: number;
}

export async function run(): Promise<BenchResult[]> {
  const env = await startE2eEnvironment({ apiHost: true, managedApi: { agents: AGENT_COUNT } });
  const browser = await launchBrowser();
  try {
    const storageState = await loggedInState(browser, env);
    const apps = await appIds(browser, env, storageState);
    const loads = new Map<string, Script[]>();
    for (const appId of apps)
      loads.set(appId, await scriptsLoadedFor(browser, env, storageState, appId));
    return [javascriptPerApp(loads), await agentsTableTimes(browser, env, storageState)];
  } finally {
    await browser.close();
    await env.stop();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function loggedInState(browser: Browser, env: E2eEnvironment): Promise<StorageState> {
  const { context, page } = await newPage(browser);
  await page.goto(`${env.dashboard.url}/login`);
  await submitLogin(page, 'admin', env.dashboard.adminPassword);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function appIds(
  browser: Browser,
  env: E2eEnvironment,
  storageState: StorageState,
): Promise<string[]> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto(`${env.dashboard.url}/app`);
  const links = page.locator('[data-test-subj^="navLink-"]');
  await links.first().waitFor();
  const ids = await links.evaluateAll((elements) =>
    elements.map((element) =>
      (element.getAttribute('data-test-subj') ?? '').slice('navLink-'.length),
    ),
  );
  await context.close();
  return ids;
}

/** Scripts a fresh browser (empty cache) fetches until the app is mounted and the network is quiet. */
async function scriptsLoadedFor(
  browser: Browser,
  env: E2eEnvironment,
  storageState: StorageState,
  appId: string,
): Promise<Script[]> {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().resourceType() === 'script' && path.endsWith('.js'))
      files.add(path.slice(path.indexOf('/bundles/') + 1));
  });
  await page.goto(`${env.dashboard.url}/app/${appId}`);
  await waitForApp(page, appId);
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...files].sort().map((file) => {
    const content = readFileSync(join(PUBLIC_DIR, file));
    return { file, bytes: content.length, gzip: gzipSync(content).length };
  });
}

function javascriptPerApp(loads: Map<string, Script[]>): BenchResult {
  const all = [...loads.values()];
  const shared = new Set(
    all[0]
      ?.map(({ file }) => file)
      .filter((file) => all.every((scripts) => scripts.some((script) => script.file === file))),
  );
  const sharedScripts = all[0]?.filter(({ file }) => shared.has(file)) ?? [];
  const figures: Array<[string, string]> = [
    ['shared by every app (shell, vendor chunks, plugin entries)', sizes(sharedScripts)],
  ];
  let everyAppHasItsChunk = true;
  for (const [appId, scripts] of loads) {
    const own = scripts.filter(({ file }) => !shared.has(file));
    everyAppHasItsChunk &&= own.length > 0;
    figures.push([`${appId}: total`, sizes(scripts)]);
    figures.push([
      `${appId}: own chunks (${own.length})`,
      `${sizes(own)}  ${own.map(({ file }) => chunkName(file)).join(', ')}`,
    ]);
  }
  return {
    title: 'JavaScript each app loads first (fresh browser, minified; gzip computed at level 6)',
    figures,
    target: { text: 'each app is its own chunk', met: everyAppHasItsChunk && loads.size > 0 },
  };
}

/** Cold: a new context per run (nothing cached). Warm: the same context again (bundles from cache). */
async function agentsTableTimes(
  browser: Browser,
  env: E2eEnvironment,
  storageState: StorageState,
): Promise<BenchResult> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      storageState,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    cold.push(await timeToAgentRows(page, env));
    warm.push(await timeToAgentRows(page, env));
    await context.close();
  }
  return {
    title: `Navigation to a rendered Agents table with ${AGENT_COUNT} rows (headless Chromium, ${RUNS} runs each)`,
    figures: [
      ['cold cache: median / max', `${median(cold)} ms / ${Math.max(...cold)} ms`],
      ['warm cache: median / max', `${median(warm)} ms / ${Math.max(...warm)} ms`],
    ],
  };
}

async function timeToAgentRows(page: Page, env: E2eEnvironment): Promise<number> {
  await page.goto('about:blank');
  const started = Date.now();
  await page.goto(`${env.dashboard.url}/app/${AGENTS_APP_ID}?size=${AGENT_COUNT}`);
  await page.waitForFunction(
    ({ selector, count }) => document.querySelectorAll(selector).length >= count,
    { selector: AGENT_ROWS, count: AGENT_COUNT },
    { timeout: 120_000 },
  );
  return Date.now() - started;
}

function sizes(scripts: Script[]): string {
  const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  return `${kib(bytes)} (gzip ${kib(gzip)})`;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** `bundles/chunks/agents-Ab12Cd34.js` → `agents`. */
function chunkName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/-[\w-]{8}\.js$/, '');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
