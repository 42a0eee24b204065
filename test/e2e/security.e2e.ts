/**
 * RBAC management in real Chromium against the dashboard and the simulator: an administrator creates
 * an API user in the Security app and gives them a role; a dashboard user whom the API's roles mapping
 * (run_as) gives the read-only role then sees Remove agent disabled, with the missing permission named.
 */
import type { Browser, Page } from 'playwright-core';
import { RUN_AS_USER } from '../../simulator/users';
import {
  type E2eEnvironment,
  keepDocsScreenshot,
  launchBrowser,
  loginThroughUi,
  newPage,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
} from './support';

const HOST = 'rbac';
const ANALYST = { username: 'ana', password: 'ana-dashboard-password', roles: ['user'] };

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment({ managedApi: { agents: 10, seed: 5 } });
  const url = new URL(env.managedApi.url);
  const admin = await env.dashboard.login();
  // A host that runs calls as the dashboard user, so the API's roles mapping decides what they may do.
  const stored = await admin.post('/hosts/apis', {
    body: {
      id: HOST,
      url: `${url.protocol}//${url.hostname}`,
      port: Number(url.port),
      username: RUN_AS_USER.username,
      password: RUN_AS_USER.password,
      run_as: true,
    },
  });
  expect(stored.status).toBe(200);
  await env.dashboard.addUser(ANALYST.username, ANALYST.password, ANALYST.roles);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

/** The API's users, through the dashboard's proxy: the test's own witness. */
async function apiUser(username: string): Promise<{ id: number; roles: number[] } | undefined> {
  const admin = await env.dashboard.login();
  const answer = await admin.post('/api/request', {
    body: { id: HOST, method: 'GET', path: `/security/users?search=${username}` },
  });
  return answer
    .json<{ data: { affected_items: Array<{ id: number; username: string; roles: number[] }> } }>()
    .data.affected_items.find((user) => user.username === username);
}

test('an admin creates an API user and gives them a role in the Security app', async () => {
  const { page } = await newPage(browser);
  await loginThroughUi(
    page,
    env.dashboard.url,
    'admin',
    env.dashboard.adminPassword,
    `/app/svc-security?host=${HOST}`,
  );
  await waitForApp(page, 'svc-security');
  await page.locator(testSubj('securityNewUser')).click();
  await page.locator(testSubj('securityUserName')).fill('soc-analyst');
  await page.locator(testSubj('securityUserPassword')).fill('weak');
  await page.getByText('Use 8 to 64 characters').waitFor();
  await page.locator(testSubj('securityUserPassword')).fill('Soc.Analyst.2025');
  await page.locator(testSubj('securityUserSave')).click();
  await page.locator(testSubj('securityChanged')).first().waitFor();

  const roles = page.locator(testSubj('securityUserRoles-soc-analyst'));
  await roles.locator('input').fill('readonly');
  await page.locator('[role=option]', { hasText: /^readonly$/ }).click();
  await page.getByText('Gave soc-analyst the role readonly').waitFor();
  expect((await apiUser('soc-analyst'))?.roles).toEqual([2]);
  // Reserved users show, but cannot be changed.
  expect(await page.locator(testSubj('securityDeleteUser-wazuh')).isDisabled()).toBe(true);
  keepDocsScreenshot(await screenshot(page, 'security-users', 'screen'), 'security.png');
  await page.close();
});

async function openAgentAs(page: Page, agentId: string): Promise<void> {
  await loginThroughUi(
    page,
    env.dashboard.url,
    ANALYST.username,
    ANALYST.password,
    `/app/svc-agents/${agentId}?host=${HOST}`,
  );
  await waitForApp(page, 'svc-agents');
}

test('a dashboard user mapped to the read-only role sees Remove agent disabled and why', async () => {
  const { page } = await newPage(browser);
  await openAgentAs(page, '001');
  const why = page.locator(
    `${testSubj('agentRemove-why')}[aria-label="needs agent:delete on agent:id:001"]`,
  );
  await why.waitFor();
  expect(await page.locator(testSubj('agentRemove')).isDisabled()).toBe(true);
  await why.hover();
  await page.getByText('needs agent:delete on agent:id:001').last().waitFor();
  await page.close();
});
