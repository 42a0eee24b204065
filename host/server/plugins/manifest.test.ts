import { toSnakeCase, validateManifest } from './manifest';

const PATH = '/plugins/x/opensearch_dashboards.json';

function messageOf(raw: unknown, hostVersion = '1.0.0'): string {
  try {
    validateManifest(raw, PATH, hostVersion);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('validateManifest', () => {
  it('fills the defaults', () => {
    expect(
      validateManifest({ id: 'svcCheckUpdates', version: '1.0.0', server: true }, PATH, '1.0.0'),
    ).toEqual({
      id: 'svcCheckUpdates',
      version: '1.0.0',
      opensearchDashboardsVersion: '1.0.0',
      configPath: 'svc_check_updates',
      requiredPlugins: [],
      optionalPlugins: [],
      requiredBundles: [],
      server: true,
      ui: false,
    });
  });

  it('accepts the data-source keys and the rest of the known fields', () => {
    const manifest = validateManifest(
      {
        id: 'securityDashboards',
        version: '3.9.0.0',
        opensearchDashboardsVersion: 'opensearchDashboards',
        configPath: ['opensearch_security'],
        requiredPlugins: ['navigation'],
        optionalPlugins: [],
        requiredBundles: [],
        server: true,
        ui: true,
        extraPublicDirs: [],
        requiredEnginePlugins: {},
        supportedOSDataSourceVersions: '>=2.9.0',
        requiredOSDataSourcePlugins: ['opensearch-security'],
      },
      PATH,
      '1.0.0',
    );
    expect(manifest.configPath).toEqual(['opensearch_security']);
  });

  it.each([
    ['[1,2]', [1, 2], 'Plugin manifest must contain a JSON encoded object.'],
    ['no id', { version: '1' }, 'Plugin manifest must contain an "id" property.'],
    ['dotted id', { id: 'a.b', version: '1' }, 'Plugin "id" must not include `.` characters.'],
    ['no version', { id: 'a' }, 'Plugin manifest for "a" must contain a "version" property.'],
    [
      'bad configPath',
      { id: 'a', version: '1', configPath: 3, server: true },
      'The "configPath" in plugin manifest for "a" should either be a string or an array of strings.',
    ],
    [
      'bad requiredPlugins',
      { id: 'a', version: '1', requiredPlugins: 'b', server: true },
      'The "requiredPlugins" in plugin manifest for "a" should be an array of strings.',
    ],
    [
      'bad server',
      { id: 'a', version: '1', server: 'yes' },
      'The "server" in plugin manifest for "a" should be a boolean.',
    ],
    [
      'neither part',
      { id: 'a', version: '1' },
      'Both "server" and "ui" are missing or set to "false" in plugin manifest for "a", but at least one of these must be set to "true".',
    ],
    [
      'unknown keys',
      { id: 'a', version: '1', server: true, main: 'x', kibanaVersion: '7' },
      'Manifest for plugin "a" contains the following unrecognized properties: main,kibanaVersion.',
    ],
    [
      'incompatible',
      { id: 'a', version: '2.0.0', server: true },
      'Plugin "a" is only compatible with OpenSearch Dashboards version "2.0.0", but used OpenSearch Dashboards version is "1.0.0".',
    ],
  ])('rejects %s naming the file', (_case, raw, message) => {
    const error = messageOf(raw);
    expect(error.startsWith(message)).toBe(true);
    expect(error).toContain(PATH);
  });

  it('compares versions after coercion and accepts the any-version marker', () => {
    expect(messageOf({ id: 'a', version: '1.0.0-beta', server: true })).toBe('no error');
    expect(
      messageOf({
        id: 'a',
        version: '9.9.9',
        opensearchDashboardsVersion: 'opensearchDashboards',
        server: true,
      }),
    ).toBe('no error');
  });

  it('warns about ids that are not camelCase', () => {
    const warnings: string[] = [];
    validateManifest({ id: 'Bad_id', version: '1.0.0', server: true }, PATH, '1.0.0', (message) =>
      warnings.push(message),
    );
    expect(warnings).toEqual([`Expect plugin "id" in camelCase, but found: Bad_id (${PATH})`]);
  });
});

describe('toSnakeCase', () => {
  it.each([
    ['svc', 'svc'],
    ['svcCheckUpdates', 'svc_check_updates'],
    ['apmOss', 'apm_oss'],
    ['myHTTPPlugin', 'my_http_plugin'],
  ])('%s → %s', (id, expected) => expect(toSnakeCase(id)).toBe(expected));
});
