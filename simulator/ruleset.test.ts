import { login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { READONLY_USER } from './users';

// Servers start slowly on a loaded machine.
jest.setTimeout(30_000);

const OCTET = 'application/octet-stream';
const SSHD_FAILED =
  'Dec 10 01:02:02 web-01 sshd[1234]: Failed password for root from 10.0.0.5 port 22 ssh2';

const customRules = (rules: string) => `<group name="local,">\n${rules}\n</group>\n`;

describe('simulator ruleset files, CDB lists, ruleset test and apply', () => {
  let api: ManagedApi;
  let token: string;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  beforeAll(async () => {
    api = await startManagedApi({ agents: 5, now: () => clock, managerRestartMs: 5000 });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const send = (method: string, path: string, body?: unknown, type?: string) =>
    request(api.url, token, method, path, body, type);

  describe('rules files', () => {
    it('lists built-in and custom files, and serves a file as XML', async () => {
      const files = (await send('GET', '/rules/files?limit=500')).json.data.affected_items;
      expect(files).toContainEqual({
        filename: 'local_rules.xml',
        relative_dirname: 'etc/rules',
        status: 'enabled',
      });
      expect(files).toContainEqual(
        expect.objectContaining({
          filename: '0095-sshd_rules.xml',
          relative_dirname: 'ruleset/rules',
        }),
      );
      const raw = await send('GET', '/rules/files/local_rules.xml?raw=true');
      expect(raw.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(raw.text).toMatch(/^<group name="local,">[\s\S]*<rule id="100001"/);
    });

    it('saves a custom file as sent and reads its rules back into GET /rules', async () => {
      const text = customRules(
        '  <rule id="100100" level="7">\n    <if_sid>5760</if_sid>\n    <match>admin</match>\n    <description>Failed login as admin</description>\n    <group>pci_dss_10.2.4,admin_login,</group>\n  </rule>',
      );
      const saved = await send('PUT', '/rules/files/local_rules.xml?overwrite=true', text, OCTET);
      expect(saved.json).toMatchObject({
        data: { affected_items: ['etc/rules/local_rules.xml'], total_failed_items: 0 },
        error: 0,
      });
      expect((await send('GET', '/rules/files/local_rules.xml?raw=true')).text).toBe(text);
      const rules = (await send('GET', '/rules?filename=local_rules.xml')).json.data.affected_items;
      expect(rules).toEqual([
        expect.objectContaining({
          id: 100100,
          level: 7,
          groups: ['local', 'admin_login'],
          pci_dss: ['10.2.4'],
          description: 'Failed login as admin',
          details: { if_sid: '5760', match: { pattern: 'admin' } },
        }),
      ]);
    });

    it('refuses malformed XML with the line of the fault and keeps the stored file', async () => {
      const before = (await send('GET', '/rules/files/local_rules.xml?raw=true')).text;
      const broken = '<group name="local,">\n  <rule id="100200" level="3">\n  </rul>\n</group>\n';
      const answer = await send(
        'PUT',
        '/rules/files/local_rules.xml?overwrite=true',
        broken,
        OCTET,
      );
      expect(answer.status).toBe(200);
      expect(answer.json.error).toBe(1);
      expect(answer.json.data.failed_items[0].error).toMatchObject({ code: 1113 });
      expect(answer.json.data.failed_items[0].error.message).toMatch(
        /^XML syntax error: .*line 3, column \d+$/,
      );
      expect((await send('GET', '/rules/files/local_rules.xml?raw=true')).text).toBe(before);
    });

    it('refuses to replace a file without overwrite, to change built-in files, and empty files', async () => {
      const code = async (path: string, body: string) =>
        (await send('PUT', path, body, OCTET)).json.data.failed_items[0]?.error.code;
      expect(await code('/rules/files/local_rules.xml', customRules(''))).toBe(1905);
      expect(
        await code(
          '/rules/files/0095-sshd_rules.xml?relative_dirname=ruleset/rules&overwrite=true',
          customRules(''),
        ),
      ).toBe(1210);
      expect(await code('/rules/files/new_rules.xml', '  \n')).toBe(1112);
    });

    it('creates and deletes a custom file; built-in files cannot be deleted', async () => {
      await send('PUT', '/rules/files/extra_rules.xml', customRules(''), OCTET);
      expect(
        (await send('DELETE', '/rules/files/extra_rules.xml')).json.data.affected_items,
      ).toEqual(['etc/rules/extra_rules.xml']);
      expect((await send('GET', '/rules/files/extra_rules.xml')).json.error).toBe(1906);
      const builtIn = await send(
        'DELETE',
        '/rules/files/0095-sshd_rules.xml?relative_dirname=ruleset/rules',
      );
      expect(builtIn.json.data.failed_items[0].error.code).toBe(1210);
    });

    it('lets read-only users read but not write', async () => {
      const readonly = await login(api.url, READONLY_USER);
      const raw = await request(api.url, readonly, 'GET', '/rules/files/local_rules.xml?raw=true');
      expect(raw.status).toBe(200);
      const write = await request(
        api.url,
        readonly,
        'PUT',
        '/rules/files/local_rules.xml?overwrite=true',
        customRules(''),
        OCTET,
      );
      expect(write.status).toBe(403);
      expect(write.json.detail).toBe('Permission denied: Resource type: *:*');
    });
  });

  describe('decoders files', () => {
    const upload = (text: string) =>
      send('PUT', '/decoders/files/local_decoder.xml?overwrite=true', text, OCTET);
    const refusal = async (text: string) => (await upload(text)).json.data.failed_items[0]?.error;

    it('saves a well-formed decoder and reads it back into GET /decoders', async () => {
      const text =
        '<decoder name="my-app">\n  <program_name>^my-app</program_name>\n</decoder>\n\n<decoder name="my-app-user">\n  <parent>my-app</parent>\n  <regex>user (\\S+)</regex>\n  <order>user</order>\n</decoder>\n';
      expect((await upload(text)).json).toMatchObject({
        data: { affected_items: ['etc/decoders/local_decoder.xml'] },
        error: 0,
      });
      const decoders = (await send('GET', '/decoders?filename=local_decoder.xml')).json.data
        .affected_items;
      expect(decoders.map((decoder: { name: string }) => decoder.name)).toEqual([
        'my-app',
        'my-app-user',
      ]);
    });

    it('refuses malformed XML and broken structure with the line at fault, keeping the stored file', async () => {
      const before = (await send('GET', '/decoders/files/local_decoder.xml?raw=true')).text;
      expect(await refusal('<decoder name="a">\n  <prematch>x</prematch>\n</decodr>\n')).toEqual({
        code: 1113,
        message: expect.stringMatching(/^XML syntax error: .*line 3, column \d+$/),
      });
      expect(
        await refusal(
          '<decoder name="a">\n  <prematch>x</prematch>\n</decoder>\n<decoder>\n</decoder>\n',
        ),
      ).toEqual({
        code: 1113,
        message: 'XML syntax error: a decoder has no name: line 4',
      });
      expect(
        await refusal(
          '<decoder name="a">\n  <prematch>x</prematch>\n  <matchh>y</matchh>\n</decoder>\n',
        ),
      ).toEqual({
        code: 1113,
        message: 'XML syntax error: invalid option <matchh> in decoder "a": line 3',
      });
      expect(await refusal('<rule id="1">\n</rule>\n')).toEqual({
        code: 1113,
        message: 'XML syntax error: invalid element <rule> outside a decoder: line 1',
      });
      expect((await send('GET', '/decoders/files/local_decoder.xml?raw=true')).text).toBe(before);
    });
  });

  describe('CDB lists', () => {
    it('lists the seeded lists with their entries and saves key:value lines', async () => {
      const lists = (await send('GET', '/lists')).json.data.affected_items;
      expect(lists.map((list: { filename: string }) => list.filename)).toContain('audit-keys');
      expect(
        lists.find((list: { filename: string }) => list.filename === 'audit-keys').items,
      ).toContainEqual({ key: 'audit-wazuh-w', value: 'write' });
      await send(
        'PUT',
        '/lists/files/blocked-ips?overwrite=true',
        '10.0.0.1:ssh\n"a:b":x\n',
        OCTET,
      );
      const list = await send('GET', '/lists?filename=blocked-ips');
      expect(list.json.data.affected_items[0]).toEqual({
        filename: 'blocked-ips',
        relative_dirname: 'etc/lists',
        items: [
          { key: '10.0.0.1', value: 'ssh' },
          { key: 'a:b', value: 'x' },
        ],
      });
      const raw = await send('GET', '/lists/files/blocked-ips?raw=true');
      expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(raw.text).toBe('10.0.0.1:ssh\n"a:b":x\n');
    });

    it('refuses a line that is not key:value, naming it', async () => {
      const answer = await send('PUT', '/lists/files/bad?overwrite=true', 'a:1\nnothing\n', OCTET);
      expect(answer.json.data.failed_items[0].error).toMatchObject({
        code: 1800,
        message: 'Bad format in CDB list: line 2 is not "key:value"',
      });
    });
  });

  describe('ruleset test', () => {
    const run = (event: string, extra: Record<string, unknown> = {}) =>
      send('PUT', '/logtest', {
        event,
        location: '/var/log/auth.log',
        log_format: 'syslog',
        ...extra,
      });

    it('pre-decodes, decodes and matches an sshd failed password line to its rule', async () => {
      const answer = await run(SSHD_FAILED);
      const { data } = answer.json;
      expect(data.token).toMatch(/^[0-9a-f]{8}$/);
      expect(data.messages).toEqual([
        `INFO: (7202): Session initialized with token '${data.token}'`,
      ]);
      expect(data.output).toMatchObject({
        predecoder: { program_name: 'sshd', hostname: 'web-01', timestamp: 'Dec 10 01:02:02' },
        decoder: { parent: 'sshd', name: 'sshd' },
        data: { user: 'root', srcip: '10.0.0.5', srcport: '22' },
        rule: { id: '5760', level: 5, firedtimes: 1 },
        full_log: SSHD_FAILED,
        location: '/var/log/auth.log',
      });
      expect(data.output.rule.groups).toEqual(expect.arrayContaining(['syslog', 'sshd']));
      expect(data.alert).toBe(true);
    });

    it('keeps the session between runs and ends it on request', async () => {
      const first = (await run(SSHD_FAILED)).json.data;
      const second = (await run(SSHD_FAILED, { token: first.token })).json.data;
      expect(second.token).toBe(first.token);
      expect(second.messages).toEqual([]);
      expect(second.output.rule.firedtimes).toBe(2);
      const ended = await send('DELETE', `/logtest/sessions/${first.token}`);
      expect(ended.json.data.messages[0]).toContain('closed successfully');
      const again = await send('DELETE', `/logtest/sessions/${first.token}`);
      expect(again.status).toBe(400);
      expect(again.json.error).toBe(7000);
    });

    it('matches a rule saved in a custom file', async () => {
      const output = (await run(SSHD_FAILED.replace('root', 'admin'))).json.data.output;
      expect(output.rule).toMatchObject({ id: '100100', level: 7 });
    });

    it('decodes nothing and matches no rule for a line it does not know', async () => {
      const output = (await run('just some text')).json.data.output;
      expect(output.rule).toBeUndefined();
      expect(output.decoder).toBeUndefined();
    });
  });

  describe('validation and restart', () => {
    it('reports a broken ruleset, refuses to restart on it, and restarts once it is fixed', async () => {
      expect(
        (await send('GET', '/manager/configuration/validation')).json.data.affected_items,
      ).toEqual([{ name: 'node01', status: 'OK' }]);
      const duplicate = customRules(
        '  <rule id="5716" level="3">\n    <description>Copy</description>\n  </rule>',
      );
      await send('PUT', '/rules/files/dup_rules.xml', duplicate, OCTET);
      const invalid = (await send('GET', '/manager/configuration/validation')).json;
      expect(invalid.data.failed_items[0].error).toMatchObject({ code: 1908 });
      expect(invalid.data.failed_items[0].error.message).toContain('Duplicate rule ID 5716');
      const refused = await send('PUT', '/manager/restart');
      expect(refused.json.data.failed_items[0].error.code).toBe(1908);
      await send('DELETE', '/rules/files/dup_rules.xml');

      const restart = await send('PUT', '/manager/restart');
      expect(restart.status).toBe(202);
      expect(restart.json.data.affected_items).toEqual(['node01']);
      const during = await send('GET', '/manager/status');
      expect(during.status).toBe(500);
      expect(during.json.error).toBe(1017);
      clock += 5000;
      expect((await send('GET', '/manager/status')).status).toBe(200);
    });
  });
});

describe('simulator groups and their shared configuration', () => {
  let api: ManagedApi;
  let token: string;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 5 });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  it('creates a group with the default agent.conf and replaces it with well-formed XML only', async () => {
    const created = await request(api.url, token, 'POST', '/groups', { group_id: 'payments' });
    expect(created.json).toEqual({ message: "Group 'payments' created.", error: 0 });
    const raw = await request(api.url, token, 'GET', '/groups/payments/files/agent.conf?raw=true');
    expect(raw.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(raw.text).toContain('<agent_config>');

    const conf =
      '<agent_config os="Linux">\n  <localfile>\n    <location>/var/log/app.log</location>\n  </localfile>\n</agent_config>\n';
    const saved = await request(
      api.url,
      token,
      'PUT',
      '/groups/payments/configuration',
      conf,
      'application/xml',
    );
    expect(saved.json).toEqual({
      message: 'Agent configuration was successfully updated',
      error: 0,
    });
    expect(
      (await request(api.url, token, 'GET', '/groups/payments/files/agent.conf?raw=true')).text,
    ).toBe(conf);
    const json = await request(api.url, token, 'GET', '/groups/payments/configuration');
    expect(json.json.data.affected_items).toEqual([
      { filters: { os: 'Linux' }, config: { localfile: { location: '/var/log/app.log' } } },
    ]);

    const broken = await request(
      api.url,
      token,
      'PUT',
      '/groups/payments/configuration',
      '<agent_config>\n  <localfile>\n</agent_config>\n',
      'application/xml',
    );
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ error: 1113, detail: expect.stringMatching(/line 3/) });
    expect(
      (await request(api.url, token, 'GET', '/groups/payments/files/agent.conf?raw=true')).text,
    ).toBe(conf);
  });

  it('deletes groups: their agents fall back to default, default and unknown groups fail per item', async () => {
    await request(api.url, token, 'POST', '/groups', { group_id: 'retired' });
    await request(
      api.url,
      token,
      'PUT',
      '/agents/group?agents_list=001&group_id=retired&force_single_group=true',
    );
    await request(api.url, token, 'PUT', '/agents/group?agents_list=002&group_id=retired');
    const answer = await request(
      api.url,
      token,
      'DELETE',
      '/groups?groups_list=retired,default,ghost',
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      data: {
        affected_items: ['retired'],
        total_affected_items: 1,
        total_failed_items: 2,
        failed_items: [
          {
            error: expect.objectContaining({ code: 1710, message: 'The group does not exist' }),
            id: ['ghost'],
          },
          { error: { code: 1712, message: "Default group can't be removed" }, id: ['default'] },
        ],
      },
      message: 'Some groups were not deleted',
      error: 2,
    });
    const agents = await request(api.url, token, 'GET', '/agents?agents_list=001,002&select=group');
    expect(
      agents.json.data.affected_items.map((agent: { group: string[] }) => agent.group),
    ).toEqual([['default'], expect.not.arrayContaining(['retired'])]);
    const groups = await request(api.url, token, 'GET', '/groups');
    expect(
      groups.json.data.affected_items.map((group: { name: string }) => group.name),
    ).not.toContain('retired');
  });

  it('deletes only the groups a user may delete, and never default with "all"', async () => {
    const readonly = await login(api.url, READONLY_USER);
    const denied = await request(api.url, readonly, 'DELETE', '/groups?groups_list=dmz');
    expect(denied.status).toBe(403);
    expect(denied.json.detail).toBe('Permission denied: Resource type: group:id');
    const all = await request(api.url, token, 'DELETE', '/groups?groups_list=all');
    expect(all.json.data.failed_items).toEqual([]);
    expect(all.json.data.affected_items).not.toContain('default');
    const left = await request(api.url, token, 'GET', '/groups');
    expect(left.json.data.affected_items.map((group: { name: string }) => group.name)).toEqual([
      'default',
    ]);
  });
});
