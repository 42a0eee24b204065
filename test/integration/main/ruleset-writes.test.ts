/**
 * Every write the ruleset and group views make, sent by their own browser service (`RulesetApi`)
 * through the real dashboard (`POST /api/request`) to the simulator, with a recorder in between: the
 * managed API receives each file as its own bytes with the media type it expects, and its refusals
 * reach the browser unchanged. The reference product's request shape gives the same request.
 */
import type { HttpStart } from '../../../host/public/types';
import { ManagedApi } from '../../../plugins/main/public/services/managed-api';
import { RulesetApi } from '../../../plugins/main/public/services/ruleset-api';
import { SvcError } from '../../../plugins/main/public/services/svc-error';
import { serializeCdbList } from '../../../plugins/main/public/apps/lists/cdb-list';
import type { TestClient } from '../harness';
import {
  type ForwardedRequest,
  type RecordingForwarder,
  startRecordingForwarder,
} from '../../support/recording-forwarder';
import { startMainTestEnv, type MainTestEnv } from './support';

jest.setTimeout(60_000);

const RECORDED_HOST = 'recorded';
const RULES =
  '<group name="local,">\n  <rule id="100300" level="6">\n    <if_sid>5716</if_sid>\n    <description>Recorded &amp; sent as bytes: é</description>\n  </rule>\n</group>\n';
const DECODERS =
  '<decoder name="recorded">\n  <program_name>^recorded</program_name>\n</decoder>\n';
const AGENT_CONF =
  '<agent_config os="Linux">\n  <localfile>\n    <location>/var/log/recorded.log</location>\n  </localfile>\n</agent_config>\n';

/** `core.http.post` over a signed-in test client, rejecting non-2xx the way the browser's does. */
function browserHttp(client: TestClient): HttpStart {
  const post = async (path: string, options: { body: string }) => {
    const response = await client.post(path, { body: JSON.parse(options.body) });
    const body = (response.headers['content-type'] ?? '').includes('json')
      ? response.json()
      : response.text;
    if (response.status >= 200 && response.status < 300) return body;
    throw Object.assign(new Error(`HTTP ${response.status}`), {
      name: 'HttpFetchError',
      request: { url: path },
      response: { status: response.status, statusText: '' },
      body,
    });
  };
  return { post } as unknown as HttpStart;
}

describe('ruleset and group writes, as the managed API receives them', () => {
  let env: MainTestEnv;
  let forwarder: RecordingForwarder;
  let ruleset: RulesetApi;

  beforeAll(async () => {
    env = await startMainTestEnv({ simulator: { managerRestartMs: 0 } });
    forwarder = await startRecordingForwarder(env.simulator.port);
    const added = await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: RECORDED_HOST, port: forwarder.port }),
    });
    expect(added.status).toBe(200);
    ruleset = new RulesetApi(new ManagedApi(browserHttp(env.admin)), RECORDED_HOST);
  });
  afterAll(async () => {
    await env?.stop();
    await forwarder?.stop();
  });

  /**
   * The one request to `path` the managed API received while `act` ran (the dashboard's own calls,
   * such as logins and host checks, go elsewhere).
   */
  async function received(path: string, act: () => Promise<unknown>): Promise<ForwardedRequest> {
    const before = forwarder.requests.length;
    await act();
    const sent = forwarder.requests
      .slice(before)
      .filter((request) => request.url.split('?')[0] === path);
    expect(sent).toHaveLength(1);
    return sent[0];
  }

  const mediaType = (request: ForwardedRequest) =>
    (request.headers['content-type'] ?? '').split(';')[0];

  it.each([
    ['rules', 'etc/rules', 'recorded_rules.xml', RULES],
    ['decoders', 'etc/decoders', 'recorded_decoder.xml', DECODERS],
  ] as const)(
    'PUT /%s/files/{filename}: the XML file as application/octet-stream bytes',
    async (kind, folder, filename, text) => {
      const file = { filename, relative_dirname: folder };
      const sent = await received(`/${kind}/files/${filename}`, () =>
        ruleset.saveFile(kind, file, text, false),
      );
      expect(sent.method).toBe('PUT');
      expect(sent.url).toBe(
        `/${kind}/files/${filename}?overwrite=false&relative_dirname=${encodeURIComponent(folder)}`,
      );
      expect(mediaType(sent)).toBe('application/octet-stream');
      expect(sent.body).toBe(text);
      expect(await ruleset.readFile(kind, file)).toBe(text);

      const removed = await received(`/${kind}/files/${filename}`, () =>
        ruleset.deleteFile(kind, file),
      );
      expect(removed).toMatchObject({
        method: 'DELETE',
        url: `/${kind}/files/${filename}?relative_dirname=${encodeURIComponent(folder)}`,
        body: '',
      });
    },
  );

  it('PUT /lists/files/{filename}: key:value lines as application/octet-stream; DELETE removes the list', async () => {
    const file = { filename: 'recorded-ips', relative_dirname: 'etc/lists' };
    const text = serializeCdbList([
      { key: '10.0.0.1', value: 'ssh' },
      { key: 'host:8080', value: 'proxy' },
    ]);
    const sent = await received('/lists/files/recorded-ips', () =>
      ruleset.saveFile('lists', file, text, true),
    );
    expect(sent).toMatchObject({
      method: 'PUT',
      url: '/lists/files/recorded-ips?overwrite=true',
      body: '10.0.0.1:ssh\n"host:8080":proxy\n',
    });
    expect(mediaType(sent)).toBe('application/octet-stream');
    expect(await ruleset.readFile('lists', file)).toBe(text);
    expect(
      await received('/lists/files/recorded-ips', () => ruleset.deleteFile('lists', file)),
    ).toMatchObject({
      method: 'DELETE',
      url: '/lists/files/recorded-ips',
      body: '',
    });
  });

  it('POST /groups as JSON, PUT /groups/{id}/configuration as application/xml, DELETE /groups by groups_list', async () => {
    const created = await received('/groups', () => ruleset.createGroup('recorded'));
    expect(created).toMatchObject({ method: 'POST', url: '/groups' });
    expect(mediaType(created)).toBe('application/json');
    expect(JSON.parse(created.body)).toEqual({ group_id: 'recorded' });

    const saved = await received('/groups/recorded/configuration', () =>
      ruleset.saveGroupConfiguration('recorded', AGENT_CONF),
    );
    expect(saved).toMatchObject({
      method: 'PUT',
      url: '/groups/recorded/configuration',
      body: AGENT_CONF,
    });
    expect(mediaType(saved)).toBe('application/xml');
    expect(await ruleset.readGroupConfiguration('recorded')).toBe(AGENT_CONF);

    const deleted = await received('/groups', () => ruleset.deleteGroup('recorded'));
    expect(deleted).toMatchObject({
      method: 'DELETE',
      url: '/groups?groups_list=recorded',
      body: '',
    });
  });

  it('PUT /logtest as JSON', async () => {
    const event = {
      event:
        'Dec 10 01:02:02 web-01 sshd[1234]: Failed password for root from 10.0.0.5 port 22 ssh2',
      log_format: 'syslog',
      location: 'logtest',
    };
    let result: Awaited<ReturnType<RulesetApi['logtest']>> | undefined;
    const sent = await received('/logtest', async () => {
      result = await ruleset.logtest(event);
    });
    expect(sent).toMatchObject({ method: 'PUT', url: '/logtest' });
    expect(mediaType(sent)).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual(event);
    expect(result?.output.rule?.id).toBe('5760');
  });

  it('GET /manager/configuration/validation and PUT /manager/restart carry no body', async () => {
    const validation = await received('/manager/configuration/validation', () =>
      ruleset.validate(),
    );
    expect(validation).toMatchObject({
      method: 'GET',
      url: '/manager/configuration/validation',
      body: '',
    });
    const restart = await received('/manager/restart', () => ruleset.restart());
    expect(restart).toMatchObject({ method: 'PUT', url: '/manager/restart', body: '' });
  });

  it("takes the reference product's shape ({body, origin, params}) and sends the same request", async () => {
    const ours = await received('/decoders/files/local_decoder.xml', () =>
      ruleset.saveFile(
        'decoders',
        { filename: 'local_decoder.xml', relative_dirname: 'etc/decoders' },
        DECODERS,
        true,
      ),
    );
    const theirs = await received('/decoders/files/local_decoder.xml', () =>
      env.admin.post('/api/request', {
        body: {
          id: RECORDED_HOST,
          method: 'PUT',
          path: '/decoders/files/local_decoder.xml',
          body: {
            body: DECODERS,
            origin: 'raw',
            params: { overwrite: true, relative_dirname: 'etc/decoders' },
          },
        },
      }),
    );
    for (const sent of [ours, theirs]) {
      expect(mediaType(sent)).toBe('application/octet-stream');
      expect(sent.body).toBe(DECODERS);
      expect(new URL(sent.url, 'http://api').searchParams.get('overwrite')).toBe('true');
      expect(new URL(sent.url, 'http://api').searchParams.get('relative_dirname')).toBe(
        'etc/decoders',
      );
    }
    const groupConf = await received('/groups/default/configuration', () =>
      env.admin.post('/api/request', {
        body: {
          id: RECORDED_HOST,
          method: 'PUT',
          path: '/groups/default/configuration',
          body: { body: AGENT_CONF, origin: 'xmleditor' },
        },
      }),
    );
    expect(mediaType(groupConf)).toBe('application/xml');
    expect(groupConf.body).toBe(AGENT_CONF);
  });

  describe('refusals reach the browser unchanged', () => {
    async function refusal(act: () => Promise<unknown>): Promise<SvcError> {
      const error = await act().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(SvcError);
      return error as SvcError;
    }

    it('a broken decoders file: the API per-item message, with its line', async () => {
      const error = await refusal(() =>
        ruleset.saveFile(
          'decoders',
          { filename: 'local_decoder.xml', relative_dirname: 'etc/decoders' },
          '<decoder name="a">\n  <prematch>x</prematch>\n  <matchh>y</matchh>\n</decoder>\n',
          true,
        ),
      );
      expect(error.code).toBe(1113);
      expect(error.detail).toBe(
        'XML syntax error: invalid option <matchh> in decoder "a": line 3 (error 1113): etc/decoders/local_decoder.xml',
      );
    });

    it('malformed agent.conf: the API problem detail, once', async () => {
      const error = await refusal(() =>
        ruleset.saveGroupConfiguration(
          'default',
          '<agent_config>\n  <localfile>\n</agent_config>\n',
        ),
      );
      expect(error.code).toBe(1113);
      expect(error.detail).toMatch(/^XML syntax error: .*line 3, column \d+$/);
      expect(error.detail.split('XML syntax error').length - 1).toBe(1);
    });

    it('deleting the default group: the API per-item message', async () => {
      const error = await refusal(() => ruleset.deleteGroup('default'));
      expect(error.code).toBe(1712);
      expect(error.detail).toBe("Default group can't be removed (error 1712): default");
    });
  });
});
