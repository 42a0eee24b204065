/**
 * Threat Hunting in real Chromium against the dashboard, the managed-API simulator and the indexer
 * stand-in holding a week of alerts of the simulator's agents: change the range, search
 * `rule.groups:syscheck`, open a document, filter an agent out from a cell, go to the next page and
 * export, each figure checked against the alerts the test put in the indexer.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { SampleAlert } from '../../plugins/main/server/services/alerts/sample-data/generator';
import {
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

const AGENTS = 12;
const ALERTS = 1_500;
const DAY_MS = 86_400_000;
/** The alerts span six days, so "Last 7 days" holds every one of them however long the test runs. */
const SPAN_MS = 6 * DAY_MS;

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
let alerts: SampleAlert[];

function groupsOf(alert: SampleAlert): string[] {
  return ((alert.rule as { groups?: string[] }).groups ?? []).map(String);
}

function agentOf(alert: SampleAlert): string {
  return (alert.agent as { name: string }).name;
}

async function waitForHits(count: number): Promise<void> {
  const text = `${count.toLocaleString('en-US')} hit${count === 1 ? '' : 's'}`;
  await page.locator(testSubj('alertsHits')).getByText(text, { exact: true }).waitFor();
}

/** The events table's cells of one column, top to bottom. */
const cellContent = (column: string) =>
  `[role="gridcell"][data-gridcell-column-id="${column}"] .euiDataGridRowCell__content`;

async function columnTexts(column: string): Promise<string[]> {
  const cells = page.locator(`${testSubj('alertsEventsTable')} ${cellContent(column)}`);
  await cells.first().waitFor();
  return cells.allTextContents();
}

/** The cells of one CSV line (quoted cells may hold commas; these alerts hold no line breaks). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const char = line[at];
    if (quoted && char === '"' && line[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: AGENTS, seed: 11 },
    indexer: {},
  });
  ({ alerts } = await indexSampleAlerts(
    env,
    [{ category: 'security', count: ALERTS, seed: 27 }],
    SPAN_MS,
  ));
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAppAsAdmin(page, env, `/app/svc-threat-hunting?host=${env.apiHostId}`);
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

it('leads the Threat intelligence group of the navigation, and opens from it', async () => {
  const links = await page
    .locator(`${testSubj('navGroup-threat-intelligence')} a`)
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-test-subj')));
  expect(links[0]).toBe('navLink-svc-threat-hunting');
  await page.locator(testSubj('navLink-svc-overview')).click();
  await waitForApp(page, 'svc-overview');
  await page.locator(testSubj('navLink-svc-threat-hunting')).click();
  await waitForApp(page, 'svc-threat-hunting');
  await page
    .locator(testSubj('alertsHits'))
    .getByText(/ hits?$/)
    .waitFor();
});

it('counts every alert of the last 7 days once the range changes', async () => {
  await page.locator(testSubj('superDatePickerToggleQuickMenuButton')).click();
  await page.locator(testSubj('superDatePickerQuickMenu')).getByText('Last 7 days').click();
  await page.waitForURL((url) => url.searchParams.get('from') === 'now-7d');
  await waitForHits(ALERTS);
  await expect(
    page.locator(`${testSubj('alertsKpi-th-total')} .euiStat__title`).textContent(),
  ).resolves.toBe(ALERTS.toLocaleString('en-US'));
  await page
    .locator(`${testSubj('alertsPanels')} svg`)
    .first()
    .waitFor();
  keepDocsScreenshot(await screenshot(page, 'threat-hunting'), 'threat-hunting.png');
});

it('finds the integrity-monitoring alerts with rule.groups:syscheck and opens one', async () => {
  const syscheck = alerts.filter((alert) => groupsOf(alert).includes('syscheck'));
  const input = page.locator(testSubj('alertsSearchInput'));
  await input.fill('rule.groups:syscheck');
  await input.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('query') === 'rule.groups:syscheck');
  await waitForHits(syscheck.length);

  await page.locator(testSubj('alertsInspectRow')).first().click();
  const flyout = page.locator(testSubj('alertDocumentFlyout'));
  await flyout.getByText('Document details').waitFor();
  await flyout
    .locator(testSubj('alertDocumentTable'))
    .getByText('syscheck.path', { exact: true })
    .waitFor();
  await flyout.locator(testSubj('alertDocumentJsonTab')).click();
  const json = await flyout.locator(testSubj('alertDocumentJson')).textContent();
  expect(json).toContain('"syscheck"');
  await page.keyboard.press('Escape');
  await flyout.waitFor({ state: 'detached' });
});

it('filters an agent out from a cell, pages on and exports what it shows', async () => {
  const [firstAgent] = await columnTexts('agent.name');
  expect(firstAgent).toBeTruthy();
  const cell = page
    .locator(
      `${testSubj('alertsEventsTable')} [role="gridcell"][data-gridcell-column-id="agent.name"]`,
    )
    .first();
  // With the keyboard: focus the cell, Enter opens its expanded view, which lists its actions.
  await cell.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Filter out agent.name: ${firstAgent}` }).click();
  await page
    .locator(testSubj('alertsFilterPill-0'))
    .getByText(`NOT agent.name: ${firstAgent}`)
    .waitFor();
  const expected = alerts.filter(
    (alert) => groupsOf(alert).includes('syscheck') && agentOf(alert) !== firstAgent,
  );
  await waitForHits(expected.length);
  expect(await columnTexts('agent.name')).not.toContain(firstAgent);

  const firstPage = await columnTexts('timestamp');
  await page
    .locator(`${testSubj('alertsPagination')} ${testSubj('pagination-button-next')}`)
    .click();
  await page
    .locator(testSubj('alertsPageNumber'))
    .getByText(/^Page 2 of/)
    .waitFor();
  // The page number changes at the click; the rows once the next page arrived.
  await page.waitForFunction(
    ({ selector, before }) => document.querySelector(selector)?.textContent !== before,
    {
      selector: `${testSubj('alertsEventsTable')} ${cellContent('timestamp')}`,
      before: firstPage[0],
    },
  );
  const secondPage = await columnTexts('timestamp');
  expect(secondPage).toHaveLength(15);
  expect(secondPage).not.toEqual(firstPage);
  expect(await columnTexts('agent.name')).not.toContain(firstAgent);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(testSubj('alertsCsvExport')).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  const lines = text.split('\n').filter((line) => line !== '');
  expect(csvCells(lines[0])).toEqual([
    'timestamp',
    'agent.name',
    'rule.description',
    'rule.level',
    'rule.id',
  ]);
  expect(lines).toHaveLength(expected.length + 1);
  const agentNames = new Set(lines.slice(1).map((line) => csvCells(line)[1]));
  expect(agentNames.has(firstAgent)).toBe(false);
  // Newest first, as the table sorts.
  const times = lines.slice(1).map((line) => Date.parse(csvCells(line)[0]));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});
