/**
 * Managing the ruleset in real Chromium against the dashboard and the simulator: an administrator
 * edits and saves a custom rules file (a malformed save is refused with the API's line and loses
 * nothing), validates and restarts the manager, runs the ruleset test on an sshd line to see its
 * rule, is refused a broken decoder with the API's words, edits and exports a CDB list, creates a
 * group, moves an agent in and out of it and deletes it, with the keyboard where dialogs are
 * involved. With UPDATE_DOCS_SCREENSHOTS=1 the README's `docs/rules-editor.png` and
 * `docs/ruleset-test.png` are replaced.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  keepDocsScreenshot,
  newPage,
  pageErrors,
  screenshot,
  startE2eEnvironment,
  testSubj,
  waitForApp,
  waitForFocus,
  type E2eEnvironment,
} from './support';

const SSHD_LINE =
  'Dec 10 01:02:02 web-01 sshd[1234]: Failed password for root from 10.0.0.5 port 22 ssh2';

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
/** The stored API host pointing at the simulator, as the environment named it. */
let apiHostId: string;

/** What the managed API holds, asked through the dashboard's proxy as the test's own witness. */
async function managedApiText(path: string): Promise<string> {
  const admin = await env.dashboard.login();
  const response = await admin.post('/api/request', {
    body: { id: apiHostId, method: 'GET', path },
  });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${response.text}`);
  return response.text;
}

/** Replaces the editor's whole text as a user would: select all, then type. */
async function replaceEditorText(text: string, editor = 'rulesetFileEditor'): Promise<void> {
  const content = page.locator(`${testSubj(editor)} .cm-content`);
  await content.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

beforeAll(async () => {
  env = await startE2eEnvironment({ apiHost: true, managedApi: { managerRestartMs: 1500 } });
  if (!env.apiHostId) throw new Error('The e2e environment stored no API host');
  apiHostId = env.apiHostId;
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginThroughUi(
    page,
    env.dashboard.url,
    'admin',
    env.dashboard.adminPassword,
    `/app/svc-rules?host=${apiHostId}`,
  );
  await waitForApp(page, 'svc-rules');
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe('rules files', () => {
  const customRule =
    '<group name="local,">\n  <rule id="100100" level="9">\n    <if_sid>5760</if_sid>\n    <match>admin</match>\n    <description>Failed password for the admin account</description>\n  </rule>\n</group>\n';

  it('opens a built-in file read-only, with the reason', async () => {
    await page.locator(testSubj('rulesTab-files')).click();
    await page.locator(testSubj('openRulesetFile-0095-sshd_rules.xml')).click();
    await page.locator(testSubj('readOnlyReason')).waitFor();
    await page
      .locator(`${testSubj('rulesetFileEditor')} .cm-content`)
      .getByText('id="5700"')
      .first()
      .waitFor();
    expect(await page.locator(testSubj('rulesetFileSave')).count()).toBe(0);
    await page.locator(testSubj('rulesetFileClose')).click();
  });

  it('refuses malformed XML with the line of the fault, keeping the text', async () => {
    // A file has its own address: the table lists a page of files, the link opens any of them.
    await page.goto(
      `${env.dashboard.url}/app/svc-rules?host=${apiHostId}&tab=files&file=local_rules.xml&dir=etc/rules`,
    );
    await waitForApp(page, 'svc-rules');
    await page
      .locator(`${testSubj('rulesetFileEditor')} .cm-content`)
      .getByText('id="100001"')
      .waitFor();
    await replaceEditorText(
      '<group name="local,">\n  <rule id="100100" level="9">\n  </rul>\n</group>\n',
    );
    await page.locator(testSubj('rulesetFileSave')).click();
    const error = page.locator(testSubj('rulesetFileError'));
    await error.waitFor();
    expect(await error.textContent()).toMatch(/XML syntax error: .*line 3/);
    expect(
      await page.locator(`${testSubj('rulesetFileEditor')} .cm-content`).textContent(),
    ).toContain('</rul>');
    expect(await managedApiText('/rules/files/local_rules.xml?raw=true')).toContain('100001');
  });

  it('saves the file as written and offers to apply it', async () => {
    await replaceEditorText(customRule);
    await page.locator(testSubj('rulesetFileSave')).click();
    await page.locator(testSubj('documentSaved')).waitFor();
    await page.locator(testSubj('applyChanges')).waitFor();
    expect(await managedApiText('/rules/files/local_rules.xml?raw=true')).toBe(customRule);
    keepDocsScreenshot(await screenshot(page, 'rules-editor'), 'rules-editor.png');
  });

  it('validates the configuration and restarts the manager, saying when it is back', async () => {
    await page.locator(testSubj('validateConfiguration')).click();
    await page
      .locator(testSubj('applyChangesStatus'))
      .getByText('The configuration is valid.')
      .waitFor();
    await page.locator(testSubj('restartManager')).click();
    await page.locator(`${testSubj('confirmRestartModal')} button:has-text("Restart")`).click();
    await page.locator(testSubj('managerBackToast')).waitFor({ timeout: 30_000 });
    await page.locator(testSubj('rulesetFileClose')).click();
  });
});

describe('ruleset test', () => {
  it('runs an sshd line and a custom-rule line and shows each rule, linked to its definition', async () => {
    await page.locator(testSubj('rulesTab-test')).click();
    await page
      .locator(testSubj('logtestEvents'))
      .fill(`${SSHD_LINE}\n${SSHD_LINE.replace('root', 'admin')}`);
    await page.locator(testSubj('runLogtest')).click();
    const links = page.locator(testSubj('logtestRuleLink'));
    await links.nth(1).waitFor();
    expect(await links.allTextContents()).toEqual(['5760', '100100']);
    const table = await page.locator(testSubj('logtestResults')).textContent();
    expect(table).toContain('sshd: authentication failed with a password');
    expect(table).toContain('Failed password for the admin account');
    await page.locator(testSubj('logtestToken')).waitFor();
    keepDocsScreenshot(await screenshot(page, 'ruleset-test'), 'ruleset-test.png');

    await links.first().click();
    await page.locator(testSubj('ruleDetail')).waitFor();
    expect(await page.locator(testSubj('ruleDetail')).textContent()).toContain(
      '0095-sshd_rules.xml',
    );
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('decoders files', () => {
  it('refuses a broken decoder with the API error in the editor, once, and keeps the text', async () => {
    await page.goto(
      `${env.dashboard.url}/app/svc-decoders?host=${apiHostId}&tab=files&file=local_decoder.xml&dir=etc/decoders`,
    );
    await waitForApp(page, 'svc-decoders');
    await page
      .locator(`${testSubj('rulesetFileEditor')} .cm-content`)
      .getByText('<decoder')
      .first()
      .waitFor();
    const before = await managedApiText('/decoders/files/local_decoder.xml?raw=true');
    await replaceEditorText(
      '<decoder name="web-app">\n  <prematch>^web-app</prematch>\n  <regexx>user (\\S+)</regexx>\n</decoder>\n',
    );
    await page.locator(testSubj('rulesetFileSave')).click();
    const error = page.locator(testSubj('rulesetFileError'));
    await error.waitFor();
    const message = 'invalid option <regexx> in decoder "web-app": line 3';
    expect(await error.textContent()).toContain(message);
    // Shown in the editor and nowhere else (no toast repeating it).
    expect(await page.getByText(message, { exact: false }).count()).toBe(1);
    expect(
      await page.locator(`${testSubj('rulesetFileEditor')} .cm-content`).textContent(),
    ).toContain('<regexx>');
    expect(await managedApiText('/decoders/files/local_decoder.xml?raw=true')).toBe(before);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('CDB lists', () => {
  it('adds a row to a list and saves it as key:value lines', async () => {
    await page.goto(`${env.dashboard.url}/app/svc-lists?host=${apiHostId}`);
    await waitForApp(page, 'svc-lists');
    await page.locator(testSubj('openCdbList-audit-keys')).click();
    await page.locator(testSubj('cdbListTable')).getByText('audit-wazuh-w').waitFor();
    await page.locator(testSubj('cdbAddRow')).click();
    await page.locator(testSubj('cdbRowKey')).fill('audit-wazuh-p');
    await page.locator(testSubj('cdbRowValue')).fill('permission');
    await page.locator(testSubj('cdbRowDone')).click();
    await page.locator(testSubj('cdbListSearch')).fill('permission');
    expect(await page.locator(`${testSubj('cdbListTable')} tbody tr`).count()).toBe(1);
    await page.locator(testSubj('cdbListSave')).click();
    await page.locator(testSubj('documentSaved')).waitFor();
    const stored = await managedApiText('/lists/files/audit-keys?raw=true');
    expect(stored.startsWith('audit-wazuh-w:write\n')).toBe(true);
    expect(stored.endsWith('audit-wazuh-c:command\naudit-wazuh-p:permission\n')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('CDB list export', () => {
  it('waits while rows are unsaved, then exports the stored list as key and value columns', async () => {
    await page.locator(testSubj('cdbListSearch')).fill('');
    await page.locator(testSubj('cdbAddRow')).click();
    await page.locator(testSubj('cdbRowKey')).fill('audit-wazuh-e');
    // Enter adds the row.
    await page.locator(testSubj('cdbRowValue')).fill('export');
    await page.keyboard.press('Enter');
    await page.locator(testSubj('cdbListTable')).getByText('audit-wazuh-e').waitFor();
    const exportButton = page.locator(testSubj('csvExport'));
    expect(await exportButton.isDisabled()).toBe(true);
    expect(await exportButton.getAttribute('title')).toMatch(/^Save the list first/);

    await page.locator(testSubj('cdbListSave')).click();
    await page.locator(testSubj('documentSaved')).first().waitFor();
    await page.waitForFunction(
      (selector) => !(document.querySelector(selector) as HTMLButtonElement | null)?.disabled,
      testSubj('csvExport'),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toMatch(/^"?Key"?,"?Value"?$/);
    expect(rows).toContain('audit-wazuh-w,write');
    expect(rows).toContain('audit-wazuh-e,export');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('groups', () => {
  it("edits a group's agent.conf and saves it as XML", async () => {
    await page.goto(`${env.dashboard.url}/app/svc-groups?host=${apiHostId}`);
    await waitForApp(page, 'svc-groups');
    await page.locator(testSubj('openGroup-default')).click();
    await page.locator(testSubj('groupTab-configuration')).click();
    await page
      .locator(`${testSubj('groupConfigurationEditor')} .cm-content`)
      .getByText('<agent_config>')
      .waitFor();
    const conf =
      '<agent_config os="Linux">\n  <localfile>\n    <location>/var/log/app.log</location>\n    <log_format>syslog</log_format>\n  </localfile>\n</agent_config>\n';
    await replaceEditorText(conf, 'groupConfigurationEditor');
    await page.locator(testSubj('groupSave')).click();
    await page.locator(testSubj('documentSaved')).waitFor();
    expect(await managedApiText('/groups/default/files/agent.conf?raw=true')).toBe(conf);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('group management', () => {
  it('creates a group by name with Enter', async () => {
    await page.locator(testSubj('groupClose')).click();
    await page.locator(testSubj('newGroup')).click();
    await page.locator(testSubj('newGroupModalName')).fill('e2e-payments');
    await page.keyboard.press('Enter');
    await page.locator(testSubj('groupTitle')).getByText('e2e-payments').waitFor();
    expect(await managedApiText('/groups?groups_list=e2e-payments')).toContain('"e2e-payments"');
  });

  it('adds an agent to the group and removes it, with the bulk actions', async () => {
    await page.locator(testSubj('addGroupAgents')).click();
    const flyout = page.locator(testSubj('addGroupAgentsFlyout'));
    await flyout.locator(testSubj('groupCandidatesRow')).first().waitFor();
    await flyout
      .locator(`${testSubj('groupCandidatesRow')} input[type=checkbox]`)
      .first()
      .check();
    await flyout.locator(testSubj('bulkActionsButton')).click();
    await page.locator(testSubj('bulkAction-assignGroup')).click();
    await waitForFocus(
      page,
      `${testSubj('bulkActionConfirm')} ${testSubj('confirmModalConfirmButton')}`,
    );
    await page.keyboard.press('Enter');
    await page.locator(testSubj('bulkOutcome')).getByText('1 agent assigned').waitFor();
    const members = page.locator(testSubj('groupAgentsRow'));
    await members.first().waitFor();
    expect(await members.count()).toBe(1);
    const agentId = (await members.first().locator('td').nth(1).textContent())?.replace(/\D/g, '');
    expect(await managedApiText('/groups/e2e-payments/agents')).toContain(`"id":"${agentId}"`);

    await members.first().locator('input[type=checkbox]').check();
    await page.locator(testSubj('bulkActionsButton')).click();
    await page.locator(testSubj('bulkAction-removeGroup')).click();
    await waitForFocus(
      page,
      `${testSubj('bulkActionConfirm')} ${testSubj('confirmModalConfirmButton')}`,
    );
    await page.keyboard.press('Enter');
    await page
      .locator(testSubj('bulkOutcome'))
      .getByText('1 agent removed from the group')
      .waitFor();
    await page.locator(testSubj('groupAgents')).getByText('No agents match this filter').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('deletes the group after a confirmation naming it (Escape cancels, Enter confirms)', async () => {
    await page.locator(testSubj('groupDelete')).click();
    const confirm = page.locator(testSubj('confirmDeleteGroup'));
    await confirm.getByText('Delete the group e2e-payments?').waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await page.locator(testSubj('groupTitle')).getByText('e2e-payments').waitFor();

    await page.locator(testSubj('groupDelete')).click();
    await waitForFocus(
      page,
      `${testSubj('confirmDeleteGroup')} ${testSubj('confirmModalConfirmButton')}`,
    );
    await page.keyboard.press('Enter');
    await page.locator(testSubj('groupsTable')).waitFor();
    await page.locator(testSubj('openGroup-default')).waitFor();
    expect(await page.locator(testSubj('openGroup-e2e-payments')).count()).toBe(0);
    expect(await managedApiText('/groups')).not.toContain('e2e-payments');
    expect(pageErrors(page)).toEqual([]);
  });
});
