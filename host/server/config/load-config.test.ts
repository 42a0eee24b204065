import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../errors';
import { loadConfig } from './load-config';

let cwd: string;

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'svc-config-'));
});

afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

function writeFile(relativePath: string, text: string): string {
  const path = join(cwd, relativePath);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

function load(env: NodeJS.ProcessEnv = {}, overrides?: Record<string, unknown>) {
  return loadConfig({ env, cwd, overrides });
}

function errorOf(env: NodeJS.ProcessEnv = {}, overrides?: Record<string, unknown>): ConfigError {
  try {
    load(env, overrides);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to fail');
}

const SERVER_BOUNDS = {
  maxPayloadBytes: 1048576,
  maxBodyDepth: 64,
  maxBodyValues: 100000,
  headersTimeoutMs: 20000,
  requestTimeoutMs: 30000,
};

const LOGIN_DEFAULTS = {
  loginThrottle: {
    freeAttempts: 3,
    maxBackoffSeconds: 900,
    nameCeiling: 100,
    slowLaneSeconds: 2,
    windowSeconds: 900,
    clientWindowSeconds: 86_400,
    knownClientDays: 14,
  },
  passwordChecks: { concurrency: 2, maxWaiting: 8, perAddress: 2, perUsername: 2 },
};

describe('loadConfig defaults', () => {
  it('gives the documented defaults without a file or variables', () => {
    expect(load()).toEqual({
      server: {
        host: '127.0.0.1',
        port: 5601,
        basePath: '',
        ...SERVER_BOUNDS,
        tls: {},
        trustProxy: false,
      },
      data: { dir: join(cwd, 'data') },
      security: { session: { ttlMinutes: 480, idleTimeoutMinutes: 60 }, ...LOGIN_DEFAULTS },
      savedObjects: {},
      logging: { level: 'info' },
      plugins: {},
      deprecationWarnings: [],
    });
  });

  it('reads process.env and process.cwd() when not given', () => {
    const previous = process.env.SVC_PORT;
    process.env.SVC_PORT = '5999';
    try {
      const config = loadConfig();
      expect(config.server.port).toBe(5999);
      expect(config.data.dir).toBe(join(process.cwd(), 'data'));
    } finally {
      if (previous === undefined) delete process.env.SVC_PORT;
      else process.env.SVC_PORT = previous;
    }
  });
});

describe('loadConfig environment variables', () => {
  it('sets each key from its variable', () => {
    const config = load({
      SVC_HOST: '0.0.0.0',
      SVC_PORT: '8443',
      SVC_BASE_PATH: '/dashboard',
      SVC_DATA_DIR: 'state',
      SVC_ADMIN_PASSWORD: 'first-admin-password',
      SVC_DEMO: 'false',
      SVC_SAVED_OBJECTS_URL: 'postgres://svc:pw@db:5432/svc',
      SVC_ENCRYPTION_KEY: 'k'.repeat(32),
      SVC_LOG_LEVEL: 'debug',
      SVC_TLS_CERT_FILE: 'tls/cert.pem',
      SVC_TLS_KEY_FILE: '/etc/key.pem',
      SVC_TLS_CA_FILE: 'tls/ca.pem',
      SVC_TRUST_PROXY: '10.0.0.5, 10.1.0.0/16',
    });
    expect(config).toEqual({
      server: {
        host: '0.0.0.0',
        port: 8443,
        basePath: '/dashboard',
        ...SERVER_BOUNDS,
        tls: {
          certFile: join(cwd, 'tls/cert.pem'),
          keyFile: '/etc/key.pem',
          caFile: join(cwd, 'tls/ca.pem'),
        },
        trustProxy: ['10.0.0.5', '10.1.0.0/16'],
      },
      data: { dir: join(cwd, 'state') },
      security: {
        adminPassword: 'first-admin-password',
        session: { ttlMinutes: 480, idleTimeoutMinutes: 60 },
        ...LOGIN_DEFAULTS,
      },
      savedObjects: { url: 'postgres://svc:pw@db:5432/svc' },
      encryptionKey: 'k'.repeat(32),
      logging: { level: 'debug' },
      // The main plugin validates its own subtree.
      plugins: { svc: { demo: 'false' } },
      deprecationWarnings: [],
    });
  });

  it('takes nothing, a hop count or addresses as SVC_TRUST_PROXY', () => {
    expect(load({ SVC_TRUST_PROXY: ' ' }).server.trustProxy).toBe(false);
    expect(load({ SVC_TRUST_PROXY: '2' }).server.trustProxy).toBe(2);
    expect(load({ SVC_TRUST_PROXY: ' 1 ' }).server.trustProxy).toBe(1);
    expect(load({ SVC_TRUST_PROXY: 'loopback' }).server.trustProxy).toEqual(['loopback']);
    expect(
      load({ SVC_TRUST_PROXY: '10.0.0.5,::1, fd00::/8,10.0.0.0/255.0.0.0' }).server.trustProxy,
    ).toEqual(['10.0.0.5', '::1', 'fd00::/8', '10.0.0.0/255.0.0.0']);
  });

  it('takes the hop count as a number and off as false from the file, and refuses true', () => {
    const fromFile = (value: string) => {
      const file = writeFile('svc.yml', `server:\n  trustProxy: ${value}\n`);
      return loadConfig({ env: { SVC_CONFIG: file }, cwd });
    };
    expect(fromFile('3').server.trustProxy).toBe(3);
    expect(fromFile('false').server.trustProxy).toBe(false);
    expect(() => fromFile('true')).toThrow(
      `Invalid configuration [server.trustProxy] (from ${join(cwd, 'svc.yml')}): trusting every hop`,
    );
  });

  it.each([
    ['true', 'trusting every hop would let any client choose its own address and scheme'],
    ['TRUE', 'trusting every hop'],
    ['0', 'a hop count is at least 1 (leave it empty to trust no proxy)'],
    ['99999999999999999999', 'a hop count is at least 1'],
    ['2, 10.0.0.5', 'expected a hop count, or the proxies'],
    ['a b', 'expected a hop count, or the proxies'],
    ['proxy.example.com', 'expected a hop count, or the proxies'],
    ['10.0.0.300', 'expected a hop count, or the proxies'],
    ['10.0.0.0/33', 'expected a hop count, or the proxies'],
    ['10.0.0.0/8/8', 'expected a hop count, or the proxies'],
    ['10.0.0.0/ffff::', 'expected a hop count, or the proxies'],
    ['-1', 'expected a hop count, or the proxies'],
    ['1.5', 'expected a hop count, or the proxies'],
  ])('refuses SVC_TRUST_PROXY=%s, naming the variable and the cause', (value, cause) => {
    const message = errorOf({ SVC_TRUST_PROXY: value }).message;
    expect(message).toContain('Invalid configuration [server.trustProxy] (from SVC_TRUST_PROXY)');
    expect(message).toContain(cause);
    expect(message).toContain(`[${value}]`);
  });

  it('needs the TLS certificate and key together', () => {
    expect(errorOf({ SVC_TLS_CERT_FILE: 'cert.pem' }).message).toContain(
      'give both the certificate and the key file, or neither',
    );
  });

  it('hands SVC_DEMO to the main plugin as svc.demo, next to its other keys', () => {
    expect(load({ SVC_DEMO: 'true', SVC_INDEXER_URL: 'https://idx:9200' }).plugins).toEqual({
      svc: { demo: 'true', indexer: { hosts: 'https://idx:9200' } },
    });
  });

  describe('renamed keys', () => {
    const fromFile = (text: string, env: NodeJS.ProcessEnv = {}) =>
      loadConfig({ env: { SVC_CONFIG: writeFile('svc.yml', text), ...env }, cwd });

    it('reads the top-level demo key of a config file as svc.demo, with one warning naming both', () => {
      const config = fromFile('demo: false\nsvc:\n  hosts: []\n');
      expect(config.plugins).toEqual({ svc: { demo: false, hosts: [] } });
      expect(config.deprecationWarnings).toEqual([
        'Config key [demo] is deprecated: use [svc.demo]',
      ]);
    });

    it('keeps svc.demo when both are in the file, and says the old key was ignored', () => {
      const config = fromFile('demo: true\nsvc.demo: auto\n');
      expect(config.plugins).toEqual({ svc: { demo: 'auto' } });
      expect(config.deprecationWarnings).toEqual([
        'Config key [demo] is deprecated: use [svc.demo]; [demo] was ignored as [svc.demo] is also set',
      ]);
    });

    it('lets SVC_DEMO win over the old key in the file, as it wins over the new one', () => {
      const config = fromFile('demo: true\n', { SVC_DEMO: 'false' });
      expect(config.plugins).toEqual({ svc: { demo: 'false' } });
      expect(config.deprecationWarnings).toEqual([
        'Config key [demo] is deprecated: use [svc.demo]',
      ]);
    });

    it('renames in overrides too, without changing the object given', () => {
      const overrides = { demo: true, svc: { hosts: [] } };
      const config = load({}, overrides);
      expect(config.plugins).toEqual({ svc: { demo: true, hosts: [] } });
      expect(config.deprecationWarnings).toHaveLength(1);
      expect(overrides).toEqual({ demo: true, svc: { hosts: [] } });
    });

    it('warns about nothing when only the new key is used', () => {
      expect(fromFile('svc:\n  demo: true\n').deprecationWarnings).toEqual([]);
    });
  });

  it('accepts every log level', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(load({ SVC_LOG_LEVEL: level }).logging.level).toBe(level);
    }
  });

  it('keeps an absolute data folder and accepts port 0 and postgresql URLs', () => {
    const config = load({
      SVC_DATA_DIR: '/var/lib/svc',
      SVC_PORT: '0',
      SVC_SAVED_OBJECTS_URL: 'postgresql://db/svc',
    });
    expect(config.data.dir).toBe('/var/lib/svc');
    expect(config.server.port).toBe(0);
    expect(config.savedObjects.url).toBe('postgresql://db/svc');
  });

  it('treats an empty variable as unset', () => {
    const config = load({ SVC_PORT: '', SVC_ADMIN_PASSWORD: '', SVC_BASE_PATH: '' });
    expect(config.server.port).toBe(5601);
    expect(config.server.basePath).toBe('');
    expect(config.security.adminPassword).toBeUndefined();
  });
});

describe('loadConfig file', () => {
  it('reads config/svc.yml by default and passes plugin subtrees through raw', () => {
    const path = writeFile(
      'config/svc.yml',
      [
        'server:',
        '  host: dashboard.example.org',
        '  port: 8080',
        'security:',
        '  session:',
        '    idleTimeoutMinutes: 15',
        'svc:',
        '  hosts:',
        '    - id: default',
        '      url: https://api.example.org',
        '      port: "55000"',
        'svc_check_updates:',
        '  cacheLifetimeMinutes: 30',
      ].join('\n'),
    );
    const config = load();
    expect(config.configFile).toBe(path);
    expect(config.server).toMatchObject({ host: 'dashboard.example.org', port: 8080 });
    expect(config.security.session).toEqual({ ttlMinutes: 480, idleTimeoutMinutes: 15 });
    expect(config.plugins).toEqual({
      svc: { hosts: [{ id: 'default', url: 'https://api.example.org', port: '55000' }] },
      svc_check_updates: { cacheLifetimeMinutes: 30 },
    });
  });

  it('reads the file SVC_CONFIG names, relative to cwd or absolute', () => {
    const path = writeFile('etc/dashboard.yml', 'server:\n  maxPayloadBytes: 2048\n');
    expect(load({ SVC_CONFIG: 'etc/dashboard.yml' }).server.maxPayloadBytes).toBe(2048);
    expect(load({ SVC_CONFIG: path }).configFile).toBe(path);
  });

  it('fails when the file SVC_CONFIG names does not exist', () => {
    expect(errorOf({ SVC_CONFIG: 'missing.yml' }).message).toBe(
      `Cannot read the configuration file ${join(cwd, 'missing.yml')} (from SVC_CONFIG): the file does not exist.`,
    );
  });

  it('fails on invalid YAML and on a document that is not a mapping', () => {
    writeFile('config/svc.yml', 'server:\n  port: [1, 2\n');
    expect(errorOf().message).toMatch(/^The configuration file .*svc\.yml is not valid YAML: /);
    writeFile('config/svc.yml', '- a\n- b\n');
    expect(errorOf().message).toBe(
      `The configuration file ${join(cwd, 'config/svc.yml')} must hold a mapping of keys to values.`,
    );
  });

  it('accepts an empty file', () => {
    writeFile('config/svc.yml', '# nothing set\n');
    expect(load().server.port).toBe(5601);
  });

  it('accepts dotted keys, merged with nested ones', () => {
    writeFile(
      'config/svc.yml',
      'server.port: 7000\nserver:\n  host: ::1\nsvc.api.timeoutMs: 1000\nsvc:\n  csv:\n    maxRows: 5\n',
    );
    const config = load();
    expect(config.server).toMatchObject({ host: '::1', port: 7000 });
    expect(config.plugins).toEqual({ svc: { api: { timeoutMs: 1000 }, csv: { maxRows: 5 } } });
  });

  it('treats a key without a value as unset', () => {
    writeFile('config/svc.yml', 'savedObjects:\n  # url: postgres://db/svc\nsvc:\n');
    const config = load();
    expect(config.savedObjects).toEqual({});
    expect(config.plugins).toEqual({});
  });
});

describe('loadConfig precedence', () => {
  it('lets variables win over the file, key by key', () => {
    writeFile(
      'config/svc.yml',
      'server:\n  host: 10.0.0.1\n  port: 7000\nlogging:\n  level: warn\n',
    );
    const config = load({ SVC_PORT: '7001' });
    expect(config.server).toMatchObject({ host: '10.0.0.1', port: 7001 });
    expect(config.logging.level).toBe('warn');
  });

  it('lets overrides win over variables and the file', () => {
    writeFile(
      'config/svc.yml',
      'server:\n  port: 7000\nsvc:\n  csv:\n    maxRows: 5\n    pageSize: 10\n',
    );
    const config = load(
      { SVC_PORT: '7001' },
      { server: { port: 0 }, svc: { csv: { maxRows: 1 } } },
    );
    expect(config.server.port).toBe(0);
    expect(config.plugins.svc).toEqual({ csv: { maxRows: 1, pageSize: 10 } });
  });
});

describe('loadConfig errors', () => {
  it('names the key and the variable a bad value came from', () => {
    const cases: Array<[NodeJS.ProcessEnv, string]> = [
      [
        { SVC_PORT: '70000' },
        'Invalid configuration [server.port] (from SVC_PORT): Value must be equal to or lower than [65535].',
      ],
      [
        { SVC_PORT: 'http' },
        'Invalid configuration [server.port] (from SVC_PORT): expected value of type [number] but got [string]',
      ],
      [
        { SVC_PORT: '80.5' },
        'Invalid configuration [server.port] (from SVC_PORT): expected an integer but got [80.5]',
      ],
      [
        { SVC_HOST: 'not a host' },
        'Invalid configuration [server.host] (from SVC_HOST): value must be a valid hostname (see RFC 1123).',
      ],
      [
        { SVC_BASE_PATH: '/dashboard/' },
        'Invalid configuration [server.basePath] (from SVC_BASE_PATH): must start with "/" and must not end with "/" (e.g. "/dashboard") but got [/dashboard/]',
      ],
      [
        { SVC_BASE_PATH: 'dashboard' },
        'Invalid configuration [server.basePath] (from SVC_BASE_PATH): must start with "/" and must not end with "/" (e.g. "/dashboard") but got [dashboard]',
      ],
      [
        { SVC_LOG_LEVEL: 'verbose' },
        'Invalid configuration [logging.level] (from SVC_LOG_LEVEL): expected one of [fatal, error, warn, info, debug, trace, silent] but got [verbose]',
      ],
      [
        { SVC_SAVED_OBJECTS_URL: 'mysql://db/svc' },
        'Invalid configuration [savedObjects.url] (from SVC_SAVED_OBJECTS_URL): expected URI with scheme [postgres|postgresql].',
      ],
      [
        { SVC_ENCRYPTION_KEY: 'short' },
        'Invalid configuration [encryptionKey] (from SVC_ENCRYPTION_KEY): value has length [5] but it must have a minimum length of [32].',
      ],
    ];
    for (const [env, message] of cases) {
      expect(errorOf(env).message).toBe(message);
    }
  });

  it('names the file a bad value came from', () => {
    const path = writeFile('config/svc.yml', 'security:\n  session:\n    ttlMinutes: 0\n');
    expect(errorOf().message).toBe(
      `Invalid configuration [security.session.ttlMinutes] (from ${path}): Value must be equal to or greater than [1].`,
    );
  });

  it('rejects unknown keys of the host sections', () => {
    const path = writeFile('config/svc.yml', 'server:\n  prot: 5601\n');
    expect(errorOf().message).toBe(
      `Invalid configuration [server.prot] (from ${path}): definition for this key is missing`,
    );
  });

  it('rejects a section of the wrong shape', () => {
    const path = writeFile('config/svc.yml', 'server: 5601\n');
    expect(errorOf().message).toBe(
      `Invalid configuration [server] (from ${path}): expected a plain object value, but found [number] instead.`,
    );
  });

  it('names overrides as the source of a bad override', () => {
    expect(errorOf({}, { server: { port: -1 } }).message).toBe(
      'Invalid configuration [server.port] (from overrides): Value must be equal to or greater than [0].',
    );
  });

  it('is a ConfigError', () => {
    const error = errorOf({ SVC_PORT: '-5' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
  });
});
