/**
 * Browser figures, measured in headless Chromium against the real dashboard and the simulator, every
 * page opened in a new browser context (empty cache):
 *
 * 1. The JavaScript the login page and each app's first load fetch: files and bytes as sent over the
 *    wire (compressed when the server compressed them), with the encodings seen.
 * 2. The time from navigation to the app's first data on screen (median of 5 cold loads).
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  startE2eEnvironment,
  submitLogin,
  testSubj,
  type E2eEnvironment,
} from '../e2e/support';
import type { BenchResult } from './run';

export const name = 'Browser bundles and page load';

const RUNS = 5;
const AGENT_COUNT = 50;
const LOGIN_JS_LIMIT = 60_000;
const LOGIN_SCRIPT_LIMIT = 4;
const OVERVIEW_JS_LIMIT = 450_000;
const OVERVIEW_APP_ID = 'svc-overview';
const DATA_TIMEOUT_MS = 120_000;

interface AppPage {
  /** Path and query under the base path. */
  path: string;
  /** What the app shows once its first data arrived. */
  firstData: string;
  /** What it shows once everything it loads lazily is drawn (its scripts are counted after that). */
  complete?: string;
}

/** A table that shows rows of data (the empty-table message is one cell spanning every column). */
function tableRows(subj: string): string {
  return `${testSubj(subj)} tr.euiTableRow:not(:has(td[colspan]))`;
}

const APP_PAGES: Record<string, AppPage> = {
  'svc-overview': {
    path: '/app/svc-overview',
    firstData: testSubj('managerHealth'),
    complete: `${testSubj('agentsByStatusChart')} svg`,
  },
  'svc-agents': {
    path: `/app/svc-agents?size=${AGENT_COUNT}`,
    firstData: testSubj('agentsTableRow'),
  },
  'svc-rules': { path: '/app/svc-rules', firstData: tableRows('rulesTable') },
  'svc-decoders': { path: '/app/svc-decoders', firstData: tableRows('decodersTable') },
  'svc-lists': { path: '/app/svc-lists', firstData: tableRows('cdbListsTable') },
  'svc-groups': { path: '/app/svc-groups', firstData: tableRows('groupsTable') },
  'svc-sca': { path: '/app/svc-sca?agent=001', firstData: tableRows('scaPoliciesTable') },
  'svc-server': { path: '/app/svc-server', firstData: testSubj('managerInfo') },
  'svc-settings': { path: '/app/svc-settings', firstData: tableRows('apiHostsTable') },
  'svc-console': {
    path: '/app/svc-console',
    firstData: `${testSubj('consoleWorkspace')} .cm-content`,
  },
};

interface Script {
  file: string;
  /** Body bytes as received (after content encoding). */
  sent: number;
  encoding: string;
}

interface PageLoad {
  scripts: Script[];
  milliseconds: number;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function run(): Promise<BenchResult[]> {
  const env = await startE2eEnvironment({ apiHost: true, managedApi: { agents: AGENT_COUNT } });
  const browser = await launchBrowser();
  try {
    const login = await medianLoad(() => loadLoginPage(browser, env));
    const storageState = await loggedInState(browser, env);
    const apps = new Map<string, PageLoad>();
    for (const appId of await appIds(browser, env, storageState))
      apps.set(appId, await medianLoad(() => loadApp(browser, env, storageState, appId)));
    return [loginResult(login), appsResult(apps)];
  } finally {
    await browser.close();
    await env.stop();
  }
}

/** Runs `load` RUNS times; the scripts of the first run (every cold load fetches the same) and the median time. */
async function medianLoad(load: () => Promise<PageLoad>): Promise<PageLoad> {
  const loads: PageLoad[] = [];
  for (let run = 0; run < RUNS; run++) loads.push(await load());
  return { scripts: loads[0].scripts, milliseconds: median(loads.map((l) => l.milliseconds)) };
}

async function loadLoginPage(browser: Browser, env: E2eEnvironment): Promise<PageLoad> {
  const { context, page } = await newPage(browser);
  try {
    return await timedLoad(page, `${env.dashboard.url}/login`, {
      firstData: testSubj('loginSubmit'),
    });
  } finally {
    await context.close();
  }
}

async function loadApp(
  browser: Browser,
  env: E2eEnvironment,
  storageState: StorageState,
  appId: string,
): Promise<PageLoad> {
  const appPage = APP_PAGES[appId];
  if (!appPage) throw new Error(`The bench does not know what app ${appId} shows first.`);
  const context = await browser.newContext({
    storageState,
    viewport: { width: 1366, height: 900 },
  });
  try {
    const page = await context.newPage();
    return await timedLoad(page, `${env.dashboard.url}${appPage.path}`, appPage);
  } finally {
    await context.close();
  }
}

/** Opens `url`, waits for the first data, then for what loads lazily and a quiet network, and lists the scripts fetched. */
async function timedLoad(
  page: Page,
  url: string,
  { firstData, complete }: Pick<AppPage, 'firstData' | 'complete'>,
): Promise<PageLoad> {
  const finished: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') finished.push(request);
  });
  const started = Date.now();
  await page.goto(url);
  await page.locator(firstData).first().waitFor({ timeout: DATA_TIMEOUT_MS });
  const milliseconds = Date.now() - started;
  if (complete) await page.locator(complete).first().waitFor({ timeout: DATA_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(
    finished.map(async (request) => {
      const response = await request.response();
      const path = new URL(request.url()).pathname;
      return {
        file: path.slice(path.indexOf('/bundles/') + 1),
        sent: (await request.sizes()).responseBodySize,
        encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
      };
    }),
  );
  return { scripts: scripts.sort((a, b) => a.file.localeCompare(b.file)), milliseconds };
}

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
  const links = page.locator('a[data-test-subj^="navLink-"]');
  await links.first().waitFor();
  const ids = await links.evaluateAll((elements) =>
    elements.map((element) =>
      (element.getAttribute('data-test-subj') ?? '').slice('navLink-'.length),
    ),
  );
  await context.close();
  return ids;
}

function loginResult(login: PageLoad): BenchResult {
  const bytes = sentBytes(login.scripts);
  return {
    title: `Login page, cold (headless Chromium, median of ${RUNS})`,
    figures: [
      ['JavaScript', describeScripts(login.scripts)],
      ['navigation to the form', `${login.milliseconds} ms`],
    ],
    target: {
      text: `≤ ${kb(LOGIN_JS_LIMIT)} in ≤ ${LOGIN_SCRIPT_LIMIT} files, no EUI or app chunk`,
      met:
        bytes <= LOGIN_JS_LIMIT &&
        login.scripts.length <= LOGIN_SCRIPT_LIMIT &&
        !login.scripts.some(({ file }) => /vendor-eui|icons/.test(file)),
    },
  };
}

function appsResult(apps: Map<string, PageLoad>): BenchResult {
  const figures: Array<[string, string]> = [];
  for (const [appId, load] of apps) {
    figures.push([`${appId}: JavaScript`, describeScripts(load.scripts)]);
    figures.push([`${appId}: navigation to first data`, `${load.milliseconds} ms`]);
  }
  const overview = apps.get(OVERVIEW_APP_ID);
  return {
    title: `Each app's first load after login, cold (headless Chromium, median of ${RUNS})`,
    figures,
    target: {
      text: `Overview ≤ ${kb(OVERVIEW_JS_LIMIT)} of JavaScript sent`,
      met: overview !== undefined && sentBytes(overview.scripts) <= OVERVIEW_JS_LIMIT,
    },
  };
}

function describeScripts(scripts: Script[]): string {
  const encodings = [...new Set(scripts.map(({ encoding }) => encoding))].sort().join(', ');
  return `${scripts.length} files, ${kb(sentBytes(scripts))} sent (${encodings})`;
}

function sentBytes(scripts: Script[]): number {
  return scripts.reduce((sum, script) => sum + script.sent, 0);
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
