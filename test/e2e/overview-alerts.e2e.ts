/**
 * The Overview's "Last 24 hours alerts" in real Chromium, against the dashboard reading the indexer
 * stand-in: each count equals what the stand-in itself counts for that band, that manager and the
 * last 24 hours, and a click on a count opens Threat Hunting on that band with as many hits.
 */
import type { Browser, Page } from 'playwright-core';
import { SEVERITY_BANDS } from '../../plugins/main/common/alerts/api';
import { HEALTH_CHECK_ROUTES } from '../../plugins/main/common/health';
import {
  indexerAuthorization,
  keepDocsScreenshot,
  launchBrowser,
  listAgents,
  newPage,
  openAppAsAdmin,
  pageErrors,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const HOUR_MS = 3_600_000;
const ALERTS_INDEX = 'wazuh-alerts-4.x-e2e';
const ALERTS = 400;
/** A manager the stored host is not: its alerts must never be counted. */
const OTHER_MANAGER = 'another-manager';

let env: E2eEnvironment;
let browser: Browser;
let managerName: string;

/** A small seeded generator, so a failure can be replayed with the same alerts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Alerts over the last two days at every rule level, most of this manager and some of another.
 * None lies within half an hour of the 24-hour boundary, so the seconds between the two counts
 * cannot move one across it.
 */
function* alerts(manager: string, now: number) {
  const random = seeded(27);
  for (let i = 0; i < ALERTS; i++) {
    let ageMs = random() * 48 * HOUR_MS;
    if (Math.abs(ageMs - 24 * HOUR_MS) < HOUR_MS / 2) ageMs += HOUR_MS;
    const level = i < 16 ? i : Math.floor(random() * 16);
    const agent = 1 + Math.floor(random() * 9);
    yield {
      index: ALERTS_INDEX,
      source: {
        timestamp: new Date(now - 60_000 - ageMs).toISOString(),
        rule: { level, id: String(100_000 + level), description: `E2E rule of level ${level}` },
        agent: { id: String(agent).padStart(3, '0'), name: `e2e-agent-${agent}` },
        manager: { name: i % 5 === 4 ? OTHER_MANAGER : manager },
        id: String(i),
      },
    };
  }
}

/** The manager the stored host's alerts carry (no cluster in the simulator: agent 000's manager). */
async function readManagerName(): Promise<string> {
  const [managerAgent] = await listAgents(env, 'agents_list=000&select=manager');
  if (!managerAgent?.manager) throw new Error('No manager name in the agent 000 listing');
  return managerAgent.manager;
}

/** The stand-in's own count of one band's alerts of the manager in the last 24 hours. */
async function indexerCount(band: (typeof SEVERITY_BANDS)[number]): Promise<number> {
  const response = await fetch(`${env.indexer!.url}/wazuh-alerts-*/_count`, {
    method: 'POST',
    headers: { authorization: indexerAuthorization(), 'content-type': 'application/json' },
    body: JSON.stringify({
      query: {
        bool: {
          filter: [
            { range: { timestamp: { gte: 'now-24h', lte: 'now' } } },
            { range: { 'rule.level': { gte: band.gte, ...('lt' in band && { lt: band.lt }) } } },
            { term: { 'manager.name': managerName } },
          ],
        },
      },
    }),
  });
  if (!response.ok) throw new Error(`_count answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { count: number }).count;
}

async function shownCount(page: Page, key: string): Promise<number> {
  const text = await page.locator(testSubj(`lastAlertsLink-${key}`)).textContent();
  return Number(text?.replace(/\D/g, ''));
}

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true, managedApi: { agents: 10 }, indexer: {} });
  managerName = await readManagerName();
  const now = Date.now();
  for (const { index, source } of alerts(managerName, now)) env.indexer!.index(index, source);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

it('shows per band what the indexer holds for the host’s manager in the last 24 hours, from one search for the bands and one for the module cards', async () => {
  const { page } = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Logged in on a page that reads no alerts, so the Overview's own searches can be counted.
  await openAppAsAdmin(page, env, '/app/svc-settings');
  // The health check of the first open after an upgrade reads the indexer too: let it finish.
  await page.waitForFunction(
    async (url) => !((await (await fetch(url)).json()) as { due: boolean }).due,
    `${env.dashboard.url}${HEALTH_CHECK_ROUTES.due}`,
  );
  const searchesBefore = env.indexer!.stats.byEndpoint.search ?? 0;
  await page.goto(`${env.dashboard.url}/app/svc-overview?host=${env.apiHostId}`);
  await waitForApp(page, 'svc-overview');
  await page.locator(testSubj('lastAlertsLink-low')).waitFor();
  await page.locator(`${testSubj('agentsByStatusChart')} svg`).waitFor();

  const expected = await Promise.all(SEVERITY_BANDS.map((band) => indexerCount(band)));
  const shown = await Promise.all(SEVERITY_BANDS.map((band) => shownCount(page, band.key)));
  expect(shown).toEqual(expected);
  // Every band holds alerts, so a count that ignored the band or the manager would differ.
  for (const count of expected) expect(count).toBeGreaterThan(0);
  // The bands' search, and the module cards' one search for every module's count.
  expect((env.indexer!.stats.byEndpoint.search ?? 0) - searchesBefore).toBe(2);
  for (const band of SEVERITY_BANDS)
    await expect(page.locator(testSubj(`lastAlerts-${band.key}`)).textContent()).resolves.toContain(
      `${band.label}${band.description}`,
    );
  await expect(page.locator(testSubj('indexerUnavailable')).count()).resolves.toBe(0);
  expect(pageErrors(page)).toEqual([]);
  keepDocsScreenshot(await screenshot(page, 'overview-alerts'), 'overview.png');
});

it('opens Threat Hunting on a band and the last 24 hours from its count', async () => {
  const { page } = await newPage(browser);
  await openAppAsAdmin(page, env, `/app/svc-overview?host=${env.apiHostId}`);
  for (const key of ['critical', 'medium'] as const) {
    await page.goto(`${env.dashboard.url}/app/svc-overview?host=${env.apiHostId}`);
    await waitForApp(page, 'svc-overview');
    const link = page.locator(testSubj(`lastAlertsLink-${key}`));
    await link.waitFor();
    const count = await shownCount(page, key);
    await link.click();
    await waitForApp(page, 'svc-threat-hunting');
    await page
      .locator(testSubj('alertsHits'))
      .getByText(`${count.toLocaleString('en-US')} hit${count === 1 ? '' : 's'}`, { exact: true })
      .waitFor();
    await expect(page.locator(testSubj('alertsFilterPill-0')).textContent()).resolves.toContain(
      'rule.level',
    );
  }
  expect(pageErrors(page)).toEqual([]);
});

it('shows in Settings → Indexer the stand-in, the host’s manager pin and its last 24 hours count', async () => {
  const { page } = await newPage(browser);
  await openAppAsAdmin(page, env, `/app/svc-settings?host=${env.apiHostId}&tab=indexer`);
  await page.locator(testSubj('indexerReachable')).waitFor();
  await expect(page.locator(testSubj('indexerFacts')).textContent()).resolves.toContain(
    env.indexer!.url,
  );
  const total = (await Promise.all(SEVERITY_BANDS.map((band) => indexerCount(band)))).reduce(
    (sum, count) => sum + count,
    0,
  );
  const row = page.locator(testSubj(`indexerApiHost-${env.apiHostId}`));
  await row.getByText(`manager.name: ${managerName}`).waitFor();
  await row.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();
  await screenshot(page, 'settings-indexer');
  expect(pageErrors(page)).toEqual([]);
});

it('shows one callout naming the indexer when it is down, and the agent panels still', async () => {
  env.indexer!.faults.down = true;
  try {
    const { page } = await newPage(browser);
    await openAppAsAdmin(page, env, `/app/svc-overview?host=${env.apiHostId}`);
    const callout = page.locator(testSubj('indexerUnavailable'));
    await callout.waitFor();
    await page.locator(`${testSubj('agentsByStatusChart')} svg`).waitFor();
    await expect(page.locator(testSubj('indexerUnavailable')).count()).resolves.toBe(1);
    await callout.getByText(env.indexer!.url, { exact: false }).waitFor();
    await expect(page.locator(testSubj('lastAlertsLink-low')).count()).resolves.toBe(0);
    await expect(page.locator(testSubj('svcErrorPrompt')).count()).resolves.toBe(0);
    await expect(page.locator(`${testSubj('globalToastList')} .euiToast`).count()).resolves.toBe(0);
    await screenshot(page, 'overview-alerts-indexer-down');

    env.indexer!.faults.down = false;
    await page.locator(testSubj('indexerRetry')).click();
    await page.locator(testSubj('lastAlertsLink-low')).waitFor();
    await expect(page.locator(testSubj('indexerUnavailable')).count()).resolves.toBe(0);
  } finally {
    env.indexer!.faults.down = false;
  }
});
