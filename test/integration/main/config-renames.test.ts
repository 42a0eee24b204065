/**
 * The main plugin's settings became camelCase like the host's: a config file written with the old
 * snake_case keys configures the same values, with one deprecation line per old key naming the new
 * one, and a file (or environment) using the new keys reads without any.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../../host/server/config';
import {
  rawPluginConfig,
  renamePluginConfig,
  validatePluginConfig,
} from '../../../host/server/plugins/plugin-config';
import type { PluginConfigDescriptor } from '../../../host/server/types';
import { config as checkUpdatesConfig } from '../../../plugins/check-updates/server';
import { config as mainConfig } from '../../../plugins/main/server';
import { SVC_CONFIG_RENAMES } from '../../../plugins/main/server/config';

const REPO = resolve(__dirname, '..', '..', '..');
const MAIN = { id: 'svc', configPath: 'svc' };
const CHECK_UPDATES = { id: 'svcCheckUpdates', configPath: 'svc_check_updates' };

/** Every renamed key but the oldest spelling of the alerts pattern, set away from its default. */
const OLD_KEYS = `
svc:
  api:
    timeout_ms: 1500
    max_response_bytes: 2048
    max_buffered_response_bytes: 4096
    max_sockets_per_host: 3
    token_cache_size: 5
    requests_per_user_per_second: 6
    max_request_delay_ms: 7000
    max_queued_requests_per_user: 8
    max_ca_file_bytes: 9000
    max_queued_requests: 10
  csv:
    max_rows: 11
    page_size: 12
    pages_ahead: 3
  jobs:
    api_check_schedule: '*/7 * * * * *'
    queue_schedule: '*/2 * * * * *'
  ui_logs:
    rotation_size: 1M
    max_files: 4
    max_total_size: 2M
    per_user_per_minute: 15
  reports:
    kept_per_user: 16
    max_size_bytes: 170000
    generation_timeout_ms: 18000
    max_concurrent_generations: 19
  notifications:
    webhook_url: https://hooks.example.org/svc
    webhook_timeout_ms: 2100
    webhook_max_in_flight: 22
  indexer:
    hosts: https://indexer.example.org:9200
    ssl:
      certificate_authorities: /etc/svc/indexer-ca.pem
      verification_mode: certificate
    request_timeout_ms: 2300
    alerts_index_pattern: 'custom-alerts-*'
    max_page_size: 24
    max_buckets: 25
    csv_max_rows: 26
    max_agent_filter: 27
    max_requests_in_flight_per_user: 28
    scope_cache_ttl_ms: 2900
`;

const NEW_KEYS = `
svc:
  api:
    timeoutMs: 1500
    maxResponseBytes: 2048
    maxBufferedResponseBytes: 4096
    maxSocketsPerHost: 3
    tokenCacheSize: 5
    requestsPerUserPerSecond: 6
    maxRequestDelayMs: 7000
    maxQueuedRequestsPerUser: 8
    maxCaFileBytes: 9000
    maxQueuedRequests: 10
  csv:
    maxRows: 11
    pageSize: 12
    pagesAhead: 3
  jobs:
    apiCheckSchedule: '*/7 * * * * *'
    queueSchedule: '*/2 * * * * *'
  uiLogs:
    rotationSize: 1M
    maxFiles: 4
    maxTotalSize: 2M
    perUserPerMinute: 15
  reports:
    keptPerUser: 16
    maxSizeBytes: 170000
    generationTimeoutMs: 18000
    maxConcurrentGenerations: 19
  notifications:
    webhookUrl: https://hooks.example.org/svc
    webhookTimeoutMs: 2100
    webhookMaxInFlight: 22
  indexer:
    hosts: https://indexer.example.org:9200
    ssl:
      certificateAuthorities: /etc/svc/indexer-ca.pem
      verificationMode: certificate
    requestTimeoutMs: 2300
    alertsIndexPattern: 'custom-alerts-*'
    maxPageSize: 24
    maxBuckets: 25
    csvMaxRows: 26
    maxAgentFilter: 27
    maxRequestsInFlightPerUser: 28
    scopeCacheTtlMs: 2900
`;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-config-renames-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** What the plugin service does with one plugin's subtree: the renames, then the schema. */
function readPlugin(
  manifest: { id: string; configPath: string },
  descriptor: PluginConfigDescriptor,
  plugins: Record<string, unknown>,
): { config: unknown; warnings: string[] } {
  const { raw, warnings } = renamePluginConfig(
    manifest,
    descriptor,
    rawPluginConfig(manifest, plugins),
  );
  return { config: validatePluginConfig(manifest, descriptor, raw), warnings };
}

function readMain(yaml: string, env: NodeJS.ProcessEnv = {}) {
  const file = join(dir, 'svc.yml');
  writeFileSync(file, yaml);
  const { plugins } = loadConfig({ env: { ...env, SVC_CONFIG: file }, cwd: dir });
  return readPlugin(MAIN, mainConfig as PluginConfigDescriptor, plugins);
}

const deprecation = (from: string, to: string) =>
  `Config key [svc.${from}] is deprecated: use [svc.${to}]`;

describe('the main plugin config with the snake_case keys of earlier versions', () => {
  it('configures the same values as the camelCase keys, with one line per old key naming the new one', () => {
    const old = readMain(OLD_KEYS);
    const current = readMain(NEW_KEYS);
    expect(old.config).toEqual(current.config);
    const expected = SVC_CONFIG_RENAMES.filter(({ from }) => from !== 'alerts_index_pattern');
    expect(old.warnings).toEqual(expected.map(({ from, to }) => deprecation(from, to)));
  });

  it('reads the new keys without a warning', () => {
    expect(readMain(NEW_KEYS).warnings).toEqual([]);
  });

  it('takes the oldest top-level alerts pattern to the current key in one step', () => {
    const { config, warnings } = readMain("svc:\n  alerts_index_pattern: 'oldest-*'\n");
    expect(config).toMatchObject({ indexer: { alertsIndexPattern: 'oldest-*' } });
    expect(warnings).toEqual([deprecation('alerts_index_pattern', 'indexer.alertsIndexPattern')]);
  });

  it('prefers the newer spelling of the alerts pattern when both old ones are set', () => {
    const { config, warnings } = readMain(
      "svc:\n  alerts_index_pattern: 'oldest-*'\n  indexer:\n    alerts_index_pattern: 'older-*'\n",
    );
    expect(config).toMatchObject({ indexer: { alertsIndexPattern: 'older-*' } });
    expect(warnings).toEqual([
      deprecation('indexer.alerts_index_pattern', 'indexer.alertsIndexPattern'),
      'Config key [svc.alerts_index_pattern] is deprecated: use [svc.indexer.alertsIndexPattern]; [svc.alerts_index_pattern] was ignored as [svc.indexer.alertsIndexPattern] is also set',
    ]);
  });

  it('lets the indexer environment variables win over an old key, under the new keys', () => {
    const { config, warnings } = readMain(
      'svc:\n  indexer:\n    ssl:\n      certificate_authorities: /etc/file-ca.pem\n',
      {
        SVC_INDEXER_URL: 'https://env.example.org:9200',
        SVC_INDEXER_USERNAME: 'reader',
        SVC_INDEXER_PASSWORD: 'secret',
        SVC_INDEXER_CA_FILE: '/etc/env-ca.pem',
      },
    );
    expect(config).toMatchObject({
      indexer: {
        hosts: 'https://env.example.org:9200',
        username: 'reader',
        password: 'secret',
        ssl: { certificateAuthorities: '/etc/env-ca.pem' },
      },
    });
    expect(warnings).toEqual([
      'Config key [svc.indexer.ssl.certificate_authorities] is deprecated: use [svc.indexer.ssl.certificateAuthorities]; [svc.indexer.ssl.certificate_authorities] was ignored as [svc.indexer.ssl.certificateAuthorities] is also set',
    ]);
  });

  it('keeps the wazuh.yml names of an API host entry as they are', () => {
    const { config, warnings } = readMain(
      'svc:\n  hosts:\n    - id: default\n      url: https://manager.example.org\n      port: 55000\n      username: wazuh-wui\n      password: change-me\n      run_as: true\n',
    );
    expect(config).toMatchObject({ hosts: [{ id: 'default', run_as: true }] });
    expect(warnings).toEqual([]);
  });
});

describe('config/svc.example.yml', () => {
  it('uses only current keys of both plugins', () => {
    const { plugins } = loadConfig({
      env: { SVC_CONFIG: join(REPO, 'config', 'svc.example.yml') },
      cwd: REPO,
    });
    expect(readPlugin(MAIN, mainConfig as PluginConfigDescriptor, plugins).warnings).toEqual([]);
    expect(
      readPlugin(CHECK_UPDATES, checkUpdatesConfig as PluginConfigDescriptor, plugins).warnings,
    ).toEqual([]);
  });
});
