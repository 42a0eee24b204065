/**
 * The indexer jobs seen in real Chromium: the statistics job runs every second against the simulator
 * (master and two workers) and the indexer stand-in; once worker2 drops events, Server → Statistics
 * shows them in a red callout. The monitoring job's runs draw the Agents page's status history. An
 * active agent's own Stats tab shows what its logcollector read.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_CLUSTER } from '../../simulator';
import { eventually } from '../support/waiting';
import {
  indexerAuthorization,
  keepDocsScreenshot,
  listAgents,
  launchBrowser,
  newPage,
  openAppAsAdmin,
  screenshot,
  startE2eEnvironment,
  testSubj,
  type E2eEnvironment,
} from './support';

let env: E2eEnvironment;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    indexer: {},
    managedApi: { agents: 30, seed: 5, cluster: DEMO_CLUSTER },
    dashboard: {
      config: {
        svc: {
          jobs: {
            statistics: { schedule: '* * * * * *' },
            monitoring: { schedule: '* * * * * *' },
          },
        },
      },
    },
  });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

/** The documents the stand-in holds under `pattern`, as the dashboard's searches see them. */
async function stored(pattern: string): Promise<Array<Record<string, unknown>>> {
  const headers = { authorization: indexerAuthorization(), 'content-type': 'application/json' };
  await fetch(`${env.indexer!.url}/${pattern}/_refresh`, { method: 'POST', headers });
  const answer = await fetch(`${env.indexer!.url}/${pattern}/_search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ size: 1_000 }),
  });
  if (answer.status === 404) return [];
  const body = (await answer.json()) as {
    hits: { hits: Array<{ _source: Record<string, unknown> }> };
  };
  return body.hits.hits.map((hit) => hit._source);
}

async function dropEvents(dropping: boolean): Promise<void> {
  const answer = await fetch(`${env.managedApi.url}/__simulator/drop-events`, {
    method: 'PUT',
    body: JSON.stringify({ node: 'worker2', dropping }),
  });
  expect(answer.status).toBe(200);
}

it('shows the events worker2 dropped in a red callout on Server → Statistics', async () => {
  await dropEvents(true);
  try {
    await eventually(async () =>
      (await stored('wazuh-statistics-*')).some(
        (doc) =>
          doc.nodeName === 'worker2' &&
          Number((doc.analysisd as { events_dropped?: number } | undefined)?.events_dropped) > 0,
      ),
    );
  } finally {
    await dropEvents(false);
  }
  await openAppAsAdmin(page, env, `/app/svc-server?host=${env.apiHostId}&tab=statistics`);
  const callout = page.locator(testSubj('statisticsDropped'));
  await callout.getByText(/events were dropped/).waitFor();
  await page.locator(testSubj('statisticsPanel-dropped')).waitFor();
  await page.waitForFunction(() => !document.querySelector('svg.euiIcon[data-is-loading="true"]'));
  keepDocsScreenshot(await screenshot(page, 'server-statistics'), 'server-statistics.png');

  await page.locator(testSubj('serverNode')).selectOption('worker1');
  await page.locator(testSubj('statisticsPanel-dropped')).waitFor();
  await callout.waitFor({ state: 'detached' });
});

it("draws the agents' status over time from the monitoring job's runs", async () => {
  await eventually(async () => (await stored('wazuh-monitoring-*')).length > 0);
  await page.goto(`${env.dashboard.url}/app/svc-agents?host=${env.apiHostId}`);
  const history = page.locator(testSubj('agentsStatusHistory'));
  await history.locator(testSubj('agentsStatusHistoryLegend-active')).waitFor();
  expect(await history.locator(testSubj('agentsStatusHistoryBar')).count()).toBeGreaterThan(0);
  expect(await history.locator(testSubj('agentsStatusHistoryEmpty')).count()).toBe(0);
});

it("shows an active agent's own stats: its connection and logcollector's locations", async () => {
  const [agent] = await listAgents(env, 'status=active&limit=1');
  await page.goto(
    `${env.dashboard.url}/app/svc-agents/${agent.id}?host=${env.apiHostId}&tab=stats`,
  );
  await page.locator(testSubj('agentStatsConnection')).getByText('connected').waitFor();
  await page.locator(testSubj('agentStatsGlobal')).getByText('/var/log/syslog').waitFor();
});
