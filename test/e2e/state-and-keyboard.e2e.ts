/**
 * State that is true now and flows that work from the keyboard, in real Chromium against the
 * dashboard and two simulators: update notices on a new browser and after a host switch, host
 * checks in Settings → API, each user's default host across browsers, search fields that say what
 * they search, a syntax error that goes with its language; then the agent view, bulk actions, the
 * deploy flow, the host checks and the navigation driven by the keyboard alone. The support fails
 * any test during which a page logs a console error or throws.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { startManagedApi, type ManagedApi } from '../../simulator';
import {
  launchBrowser,
  loginThroughUi,
  newPage,
  startE2eEnvironment,
  storeApiHost,
  testSubj,
  waitForApp,
  waitForFocus,
  type E2eEnvironment,
} from './support';

/** A second managed API whose update service knows a newer major release. */
const OTHER_HOST_ID = 'other';
const ANALYST = { username: 'analyst', password: 'Analyst.pass.2025' };

let env: E2eEnvironment;
let other: ManagedApi;
let browser: Browser;

function apiHostId(): string {
  return env.apiHostId as string;
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    apiHost: true,
    managedApi: { agents: 30, seed: 11, versionCheck: 'minor' },
  });
  other = await startManagedApi({ port: 0, agents: 5, seed: 12, versionCheck: 'major' });
  await storeApiHost(env.dashboard, other, OTHER_HOST_ID);
  await env.dashboard.addUser(ANALYST.username, ANALYST.password, ['user']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await other?.stop();
  await env?.stop();
});

/** A brand-new browser (own storage and cookies) signed in as `who`, on `path`. */
async function freshBrowser(
  path: string,
  who: { username: string; password: string } = {
    username: 'admin',
    password: env.dashboard.adminPassword,
  },
): Promise<Page> {
  const { page } = await newPage(browser);
  await loginThroughUi(page, env.dashboard.url, who.username, who.password, path);
  return page;
}

/**
 * Presses Tab until `target` has the focus, as a keyboard user would reach it, and checks that the
 * focus is visible there.
 */
async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  const handle = await target.elementHandle();
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    if (await handle!.evaluate((element) => element === document.activeElement)) {
      const visible = await handle!.evaluate((element) => {
        const style = getComputedStyle(element);
        return (
          element.matches(':focus-visible') &&
          ((style.outlineStyle !== 'none' && style.outlineWidth !== '0px') ||
            style.boxShadow !== 'none' ||
            style.textDecorationLine !== 'none')
        );
      });
      expect(visible).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('item 4: state that is true, now', () => {
  it("shows an available update on a user's first visit from a brand-new browser", async () => {
    const page = await freshBrowser(`/app/svc-overview?host=${apiHostId()}`);
    await waitForApp(page, 'svc-overview');
    await page.locator(testSubj('updateNotice-minor')).waitFor();
    await page.context().close();
  });

  it("drops the old host's update notices when the API host changes, and shows the new host's", async () => {
    const page = await freshBrowser(`/app/svc-overview?host=${apiHostId()}`);
    await waitForApp(page, 'svc-overview');
    await page.locator(testSubj('updateNotice-minor')).waitFor();
    await page.locator(testSubj('svcHostSelector')).selectOption(OTHER_HOST_ID);
    await page.locator(testSubj('updateNotice-major')).waitFor();
    expect(await page.locator(testSubj('updateNotice-minor')).count()).toBe(0);
    await page.context().close();
  });

  it('checks every host again when Settings → API opens and on request, with the cause of a failure and the time of the check', async () => {
    const page = await freshBrowser('/app/svc-settings');
    await waitForApp(page, 'svc-settings');
    const row = page.locator(testSubj(`apiHostRow-${OTHER_HOST_ID}`));
    await row.locator(testSubj('hostStatus-online')).waitFor();
    await row
      .locator(testSubj('hostStatusCheckedAt'))
      .getByText(/^checked \d+ s ago/)
      .waitFor();

    // The manager's daemons stop answering: asking again shows the API's own words.
    other.faults.daemonsNotReady = true;
    try {
      await row.locator(testSubj('checkHost')).click();
      await row.locator(testSubj('hostStatusCause')).waitFor();
      expect(await row.locator(testSubj('hostStatus-online')).count()).toBe(0);
      expect(await row.locator(testSubj('hostStatusCause')).innerText()).toMatch(/\S/);
    } finally {
      other.faults.daemonsNotReady = false;
    }
    await page.locator(testSubj('checkAllHosts')).click();
    await row.locator(testSubj('hostStatus-online')).waitFor();
    await page
      .locator(testSubj(`apiHostRow-${apiHostId()}`))
      .locator(testSubj('hostStatus-online'))
      .waitFor();
    await page.context().close();
  });

  it('keeps a default host per dashboard user, on the server, and falls back when it is removed', async () => {
    // Each user stars a host in a browser of their own.
    const adminPage = await freshBrowser('/app/svc-settings');
    await waitForApp(adminPage, 'svc-settings');
    await adminPage
      .locator(testSubj(`apiHostRow-${OTHER_HOST_ID}`))
      .locator(testSubj('defaultHost'))
      .click();
    await adminPage
      .locator(testSubj(`apiHostRow-${OTHER_HOST_ID}`))
      .locator(testSubj('defaultHostBadge'))
      .waitFor();
    const analystPage = await freshBrowser('/app/svc-settings', ANALYST);
    await waitForApp(analystPage, 'svc-settings');
    await analystPage
      .locator(testSubj(`apiHostRow-${apiHostId()}`))
      .locator(testSubj('defaultHost'))
      .click();
    await analystPage
      .locator(testSubj(`apiHostRow-${apiHostId()}`))
      .locator(testSubj('defaultHostBadge'))
      .waitFor();
    expect(
      await analystPage
        .locator(testSubj(`apiHostRow-${OTHER_HOST_ID}`))
        .locator(testSubj('defaultHostBadge'))
        .count(),
    ).toBe(0);
    await adminPage.context().close();
    await analystPage.context().close();

    // New browsers open with each user's own default.
    const opensWith = async (who: typeof ANALYST | undefined, expected: string) => {
      const page = await freshBrowser('/app/svc-agents', who);
      await waitForApp(page, 'svc-agents');
      await page.waitForURL((url) => url.searchParams.get('host') === expected);
      expect(await page.locator(testSubj('svcHostSelector')).inputValue()).toBe(expected);
      await page.context().close();
    };
    await opensWith(undefined, OTHER_HOST_ID);
    await opensWith(ANALYST, apiHostId());

    // The admin's default host is removed: a new browser opens with the first host, no error.
    const admin = await env.dashboard.login();
    expect((await admin.delete(`/hosts/apis/${OTHER_HOST_ID}`)).status).toBe(200);
    try {
      await opensWith(undefined, apiHostId());
    } finally {
      await storeApiHost(env.dashboard, other, OTHER_HOST_ID);
    }
  });

  it('says in each search field what it searches', async () => {
    const page = await freshBrowser(`/app/svc-rules?host=${apiHostId()}`);
    await waitForApp(page, 'svc-rules');
    await expect(
      page.locator(testSubj('rulesTableSearch')).getAttribute('placeholder'),
    ).resolves.toMatch(/^Search rules/);
    await page.goto(`${env.dashboard.url}/app/svc-decoders?host=${apiHostId()}`);
    await waitForApp(page, 'svc-decoders');
    await expect(
      page.locator(testSubj('decodersTableSearch')).getAttribute('placeholder'),
    ).resolves.toMatch(/^Search decoders/);
    const admin = await env.dashboard.login();
    const listed = await admin.post('/api/request', {
      body: { id: apiHostId(), method: 'GET', path: '/agents?q=status=active;id!=000&limit=1' },
    });
    const [agent] = listed.json<{ data: { affected_items: Array<{ id: string }> } }>().data
      .affected_items;
    await page.goto(`${env.dashboard.url}/app/svc-sca?host=${apiHostId()}&agent=${agent.id}`);
    await waitForApp(page, 'svc-sca');
    await page.locator(testSubj('scaPoliciesTableRow')).first().click();
    await expect(
      page.locator(testSubj('scaChecksTableSearch')).getAttribute('placeholder'),
    ).resolves.toMatch(/^Search checks/);
    await page.context().close();
  });

  it('clears a stale syntax error when the query language changes', async () => {
    const page = await freshBrowser(`/app/svc-agents?host=${apiHostId()}`);
    await waitForApp(page, 'svc-agents');
    const search = page.locator(testSubj('agentsSearch'));
    await search.fill('status=(active');
    await search.press('Escape');
    await search.press('Enter');
    const error = page.locator(`${testSubj('agentsSearchRow')} .euiFormErrorText`);
    await error.waitFor();
    await page.locator(testSubj('agentsSearchSyntax')).selectOption('dql');
    await error.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('item 5: usable with a keyboard alone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await freshBrowser(`/app/svc-agents?host=${apiHostId()}`);
  });
  afterAll(async () => {
    await page.context().close();
  });

  async function openAgents(): Promise<void> {
    await page.goto(`${env.dashboard.url}/app/svc-agents?host=${apiHostId()}&size=10`);
    await waitForApp(page, 'svc-agents');
    await page.locator(testSubj('agentsTableRow')).first().waitFor();
    await page
      .locator(`${testSubj('agentsTable')} .euiBasicTable-loading`)
      .waitFor({ state: 'detached' });
    await page.locator(testSubj('agentsSearch')).focus();
  }

  it('opens an agent from the Agents table with Tab and Enter', async () => {
    await openAgents();
    const row = page.locator(testSubj('agentsTableRow')).first();
    const id = await row.getAttribute('data-agent-id');
    await tabTo(page, row.locator(testSubj('agentLink')).first());
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith(`/app/svc-agents/${id}`));
    await page.locator(testSubj('agentTitle')).waitFor();
  });

  it('selects a row with Space, opens the bulk-action menu, picks an action and confirms in the modal', async () => {
    await openAgents();
    const row = page
      .locator(testSubj('agentsTableRow'))
      .filter({ has: page.locator(testSubj('agentStatus-active')) })
      .first();
    await tabTo(page, row.locator('.euiCheckbox__input'));
    await page.keyboard.press('Space');
    // The bulk actions sit above the table: Tab goes round the rest of the page to reach them.
    await tabTo(page, page.locator(testSubj('bulkActionsButton')), 400);
    await page.keyboard.press('Enter');
    await page.locator(testSubj('bulkActionsMenu')).waitFor();
    await tabTo(page, page.locator(testSubj('bulkAction-restart')), 10);
    await page.keyboard.press('Enter');
    const confirm = page.locator(testSubj('bulkActionConfirm'));
    await confirm.getByText('Restart: 1 agent?').waitFor();
    await tabTo(page, confirm.locator(testSubj('confirmModalConfirmButton')), 10);
    await page.keyboard.press('Enter');
    await page.locator(testSubj('bulkOutcome')).getByText('Restart', { exact: false }).waitFor();
    await confirm.waitFor({ state: 'detached' });
  });

  it('opens the deploy flow with Enter and closes it with Escape, focus back on its button', async () => {
    await openAgents();
    const button = page.locator(testSubj('deployAgentButton'));
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const flyout = page.locator(testSubj('deployAgent'));
    await flyout.waitFor();
    await page.locator(testSubj('deployInstallCommand')).waitFor();
    await page.keyboard.press('Escape');
    await flyout.waitFor({ state: 'detached' });
    await waitForFocus(page, testSubj('deployAgentButton'));
  });

  it('checks a host again in Settings → API with Enter, and all hosts with Space', async () => {
    await page.goto(`${env.dashboard.url}/app/svc-settings?host=${apiHostId()}`);
    await waitForApp(page, 'svc-settings');
    const row = page.locator(testSubj(`apiHostRow-${apiHostId()}`));
    await row.locator(testSubj('hostStatus-online')).waitFor();
    await row.locator(testSubj('hostStatus-checking')).waitFor({ state: 'detached' });
    const checksBefore = await checkRequests(async () => {
      await page.locator(testSubj('svcHostSelector')).focus();
      await tabTo(page, row.locator(testSubj('checkHost')));
      await page.keyboard.press('Enter');
    });
    expect(checksBefore).toEqual([apiHostId()]);
    await row.locator(testSubj('hostStatus-online')).waitFor();
    const all = await checkRequests(async () => {
      await page.locator(testSubj('svcHostSelector')).focus();
      await tabTo(page, page.locator(testSubj('checkAllHosts')));
      await page.keyboard.press('Space');
    }, 2);
    expect(all.sort()).toEqual([apiHostId(), OTHER_HOST_ID].sort());
  });

  it('reaches an app in the navigation with Tab and Enter, and another from the palette with the arrows', async () => {
    await page.goto(`${env.dashboard.url}/app/svc-overview?host=${apiHostId()}`);
    await waitForApp(page, 'svc-overview');
    await page.locator(testSubj('headerLogo')).focus();
    await tabTo(page, page.locator(testSubj('navLink-svc-rules')));
    await page.keyboard.press('Enter');
    await waitForApp(page, 'svc-rules');
    expect(new URL(page.url()).pathname).toBe('/app/svc-rules');

    await page.keyboard.press('Control+k');
    await page.locator(testSubj('commandPaletteSearch')).waitFor();
    // "agents" is the Agents app's title and the Groups app's category: the title ranks first.
    await page.keyboard.type('agents');
    await page.locator(testSubj('paletteOption-svc-groups')).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForApp(page, 'svc-groups');
    expect(new URL(page.url()).pathname).toBe('/app/svc-groups');
  });

  /** The host ids of the checks `act` makes the page send, once `count` of them were answered. */
  async function checkRequests(act: () => Promise<void>, count = 1): Promise<string[]> {
    const ids: string[] = [];
    const answered = new Promise<void>((resolve) => {
      const onResponse = (response: import('playwright-core').Response) => {
        if (!response.url().endsWith('/api/check-stored-api')) return;
        ids.push((JSON.parse(response.request().postData() ?? '{}') as { id: string }).id);
        if (ids.length === count) {
          page.off('response', onResponse);
          resolve();
        }
      };
      page.on('response', onResponse);
    });
    await act();
    await answered;
    return ids;
  }
});
