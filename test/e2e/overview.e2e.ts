/**
 * The Overview in real Chromium against the simulator: its totals add up and agree with the Agents
 * app, its labels are whole at 1280 px wide, and a failing host shows its error once.
 */
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  newPage,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  type E2eEnvironment,
} from './support';

const AGENTS = 40;
const STATUSES = ['active', 'disconnected', 'pending', 'never_connected'] as const;

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true, managedApi: { agents: AGENTS } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

afterEach(() => {
  env.managedApi.faults.failureRate = 0;
});

async function openOverview(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughUi(
    page,
    env.dashboard.url,
    'admin',
    env.dashboard.adminPassword,
    '/app/svc-overview',
  );
  await waitForApp(page, 'svc-overview');
}

async function statFigure(page: Page, status: string): Promise<number> {
  const text = await page
    .locator(`${testSubj(`agentsCount-${status}`)} .euiStat__title`)
    .textContent();
  return Number(text);
}

interface Box {
  label: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Content wider than the element shows (cut or ellipsed). */
  overflows: boolean;
}

/** Where each label of the agents panel is drawn: the figures' captions and the chart's legend. */
async function labelBoxes(
  page: Page,
): Promise<{ panel: Box; viewportWidth: number; labels: Box[] }> {
  return page.evaluate(() => {
    const box = (element: Element, label: string) => {
      const rect = element.getBoundingClientRect();
      return {
        label,
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
        overflows: element.scrollWidth > element.clientWidth,
      };
    };
    const panel = document.querySelector('[data-test-subj="overviewAgents"]')!;
    const labels = [
      ...document.querySelectorAll('[data-test-subj^="agentsCount-"] .euiStat__description'),
      ...document.querySelectorAll('[data-test-subj^="agentsByStatusLegend-"] > span'),
    ].map((element) => box(element, element.textContent ?? ''));
    return { panel: box(panel, 'panel'), viewportWidth: window.innerWidth, labels };
  });
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

it('shows totals that add up and agree with the Agents app, every label whole at 1280 px', async () => {
  const { page } = await newPage(browser);
  await openOverview(page);
  await page.locator(`${testSubj('agentsByStatusChart')} svg`).waitFor();

  const total = await statFigure(page, 'total');
  const byStatus = await Promise.all(STATUSES.map((status) => statFigure(page, status)));
  // The simulator's registry holds the manager (agent 000) besides the AGENTS generated ones.
  expect(total).toBe(AGENTS);
  expect(byStatus.reduce((sum, count) => sum + count, 0)).toBe(total);
  for (const [index, status] of STATUSES.entries())
    await expect(
      page.locator(`${testSubj(`agentsByStatusLegend-${status}`)} strong`).textContent(),
    ).resolves.toBe(String(byStatus[index]));
  await expect(
    page
      .locator(`${testSubj('agentsByStatusChart')} svg text`)
      .first()
      .textContent(),
  ).resolves.toBe(String(total));

  const { panel, viewportWidth, labels } = await labelBoxes(page);
  expect(labels.map(({ label }) => label)).toEqual(
    expect.arrayContaining(['Total', 'Active', 'Disconnected', 'Pending', 'Never connected']),
  );
  expect(panel.right).toBeLessThanOrEqual(viewportWidth);
  for (const label of labels) {
    expect({ label: label.label, overflows: label.overflows }).toEqual({
      label: label.label,
      overflows: false,
    });
    expect(label.right - label.left).toBeGreaterThan(0);
    expect(label.left).toBeGreaterThanOrEqual(panel.left);
    expect(label.right).toBeLessThanOrEqual(panel.right);
    for (const other of labels)
      if (other !== label)
        expect([label.label, other.label, overlap(label, other)]).toEqual([
          label.label,
          other.label,
          false,
        ]);
  }
  // The total sits inside the ring's hole.
  const [ring, totalText] = await Promise.all([
    page.locator(`${testSubj('agentsByStatusChart')} svg`).boundingBox(),
    page
      .locator(`${testSubj('agentsByStatusChart')} svg text`)
      .first()
      .boundingBox(),
  ]);
  expect(totalText!.width).toBeLessThan(ring!.width * 0.6);
  await screenshot(page, 'overview-1280');

  // The Agents app lists as many agents as the Overview counts, the manager left out of both.
  await page.locator(`${testSubj('agentsCount-total')} a`).click();
  await waitForApp(page, 'svc-agents');
  await page
    .locator(testSubj('agentsTotal'))
    .getByText(`${total} agents`, { exact: true })
    .waitFor();
  for (const [index, status] of STATUSES.entries()) {
    if (byStatus[index] === 0) continue;
    await page.goto(`${env.dashboard.url}/app/svc-agents?host=${env.apiHostId}&status=${status}`);
    await page
      .locator(testSubj('agentsTotal'))
      .getByText(`${byStatus[index]} agent${byStatus[index] === 1 ? '' : 's'}`, { exact: true })
      .waitFor();
  }
});

it('shows a failing host’s error once: one callout, no toast, and loads again on "Try again"', async () => {
  env.managedApi.faults.failureRate = 1;
  const { page } = await newPage(browser);
  await openOverview(page);
  // Every call of the Overview failed: three panels point at the error, the host panel says what it lacks.
  await page.waitForFunction(
    (selector) => document.querySelectorAll(selector).length === 3,
    testSubj('overviewPanelUnavailable'),
  );
  await page.locator(testSubj('overviewApiVersion')).getByText('not available').waitFor();
  await expect(page.locator(testSubj('svcErrorPrompt')).count()).resolves.toBe(1);
  await expect(page.locator(`${testSubj('globalToastList')} .euiToast`).count()).resolves.toBe(0);
  await screenshot(page, 'overview-error');

  env.managedApi.faults.failureRate = 0;
  await page.locator(`${testSubj('svcErrorPrompt')} ${testSubj('svcRetry')}`).click();
  await page.locator(`${testSubj('agentsByStatusChart')} svg`).waitFor();
  await page.locator(testSubj('managerHealth')).waitFor();
  await expect(page.locator(testSubj('svcErrorPrompt')).count()).resolves.toBe(0);
  await expect(page.locator(testSubj('overviewPanelUnavailable')).count()).resolves.toBe(0);
  await expect(page.locator(`${testSubj('globalToastList')} .euiToast`).count()).resolves.toBe(0);
});
