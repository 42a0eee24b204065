/**
 * Reports in real Chromium: Generate report on the integrity dashboard (the job's progress, then the
 * download), the PDF's text checked against the alerts put in the indexer stand-in, the report in
 * Settings → Reports, downloaded from there and deleted. The report's first page, rendered to PNG,
 * is the README's picture (copied only when UPDATE_DOCS_SCREENSHOTS=1).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import type { SampleAlert } from '../../plugins/main/server/services/alerts/sample-data/generator';
import { pdfPages } from '../support/pdf-text';
import {
  indexSampleAlerts,
  keepDocsScreenshot,
  launchBrowser,
  newPage,
  openAppAsAdmin,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const run = promisify(execFile);
const DAY_MS = 86_400_000;
const SCREENSHOT_DIR = path.join(__dirname, '..', '..', 'test-results', 'screenshots');

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
let alerts: SampleAlert[];
let reportName: string;

/** Clicks a download link and returns the file it downloads. */
async function download(link: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(testSubj(link)).first().click(),
  ]);
  return readFileSync((await file.path())!);
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: 5, seed: 9 },
    indexer: {},
  });
  ({ alerts } = await indexSampleAlerts(
    env,
    [{ category: 'security', count: 600, seed: 8 }],
    6 * DAY_MS,
  ));
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openAppAsAdmin(
    page,
    env,
    `/app/svc-modules/file-integrity-monitoring?host=${env.apiHostId}&from=now-7d&to=now`,
  );
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

it('generates the integrity report from its dashboard and downloads it', async () => {
  const syscheck = alerts.filter((alert) =>
    ((alert.rule as { groups?: string[] }).groups ?? []).includes('syscheck'),
  );
  await page.locator(testSubj('moduleDashboard')).waitFor();
  await page.locator(testSubj('generateReport')).click();
  const link = page.locator(testSubj('reportDownload'));
  await link.waitFor();
  reportName = ((await link.textContent()) ?? '').replace(/^Download /, '');
  expect(reportName).toMatch(/\.pdf$/);

  const pdf = await download('reportDownload');
  const text = (await pdfPages(pdf)).join('\n');
  expect(text).toContain('File Integrity Monitoring report');
  // The module's filter once: the server adds it, the page sends only the user's own.
  expect(text.split('rule.groups is syscheck')).toHaveLength(2);
  expect(text).toContain(syscheck.length.toLocaleString('en-US'));

  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const png = path.join(SCREENSHOT_DIR, 'report-page.png');
  const pdfFile = path.join(SCREENSHOT_DIR, 'report.pdf');
  writeFileSync(pdfFile, pdf);
  await run(process.execPath, [path.join(__dirname, 'pdf-page-png.mjs'), pdfFile, png]);
  expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
  keepDocsScreenshot(png, 'report-page.png');
});

it('lists the report in Settings → Reports, downloads and deletes it', async () => {
  await page.goto(`${env.dashboard.url}/app/svc-settings?tab=reports`);
  await waitForApp(page, 'svc-settings');
  const row = page.locator(testSubj(`reportRow-${reportName}`));
  await row.getByText('File Integrity Monitoring report', { exact: true }).waitFor();
  await row.getByText('admin', { exact: true }).waitFor();
  const pdf = await download('reportLink');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await row.locator(testSubj('reportDelete')).click();
  await page.locator(testSubj('confirmModalConfirmButton')).click();
  await row.waitFor({ state: 'detached' });
  await page.getByText('No report yet.').waitFor();
});
