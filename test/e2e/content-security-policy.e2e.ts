/**
 * The Content-Security-Policy the server sends (scripts, styles, fonts and connections from the
 * dashboard itself, inline styles for the UI toolkit) lets the login page and the apps render in real
 * Chromium without a single violation.
 */
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  newPage,
  pageErrors,
  startE2eEnvironment,
  waitForApp,
  type E2eEnvironment,
} from './support';

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

/** Chromium reports each blocked load or inline style/script on the console and as a DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  return violations;
}

it('renders the login page and the apps with no CSP violation', async () => {
  const { page } = await newPage(browser);
  const violations = await watchViolations(page);
  const response = await page.goto(`${env.dashboard.url}/login`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await loginThroughUi(page, env.dashboard.url, 'admin', env.dashboard.adminPassword);
  for (const app of ['svc-overview', 'svc-agents', 'svc-settings']) {
    await page.goto(`${env.dashboard.url}/app/${app}`);
    await waitForApp(page, app);
  }
  expect(violations).toEqual([]);
  expect(pageErrors(page)).toEqual([]);
});
