import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenSearchClient, OpenSearchClientConfig } from '@host/server/types';
import { configSchema, resolveConfig } from '../../../config';
import { configuredIndexer } from './configured-indexer';

const indexerConfig = (indexer: Record<string, unknown>) =>
  resolveConfig(configSchema.validate({ indexer })).indexer;

function recordingOpenSearch() {
  const configs: OpenSearchClientConfig[] = [];
  return {
    configs,
    createClient: (config: OpenSearchClientConfig) => {
      configs.push(config);
      return {} as OpenSearchClient;
    },
    nodeStates: () => [],
  };
}

describe('configuredIndexer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-indexer-ca-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is none without hosts, and builds no client', async () => {
    const opensearch = recordingOpenSearch();
    expect(await configuredIndexer(indexerConfig({}), opensearch)).toBeUndefined();
    expect(opensearch.configs).toEqual([]);
  });

  it('asks the host for a client with the settings, the CA files read', async () => {
    const ca = join(dir, 'root-ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const opensearch = recordingOpenSearch();
    const target = await configuredIndexer(
      indexerConfig({
        hosts: 'https://a.example:9200/, https://b.example:9200/prefix/',
        username: 'reader',
        password: 'pw-42',
        ssl: { certificateAuthorities: ca, verificationMode: 'certificate' },
        requestTimeoutMs: 2_000,
      }),
      opensearch,
    );
    expect(opensearch.configs).toEqual([
      {
        hosts: ['https://a.example:9200/', 'https://b.example:9200/prefix/'],
        username: 'reader',
        password: 'pw-42',
        certificateAuthorities: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'],
        verificationMode: 'certificate',
        // Each of the two nodes gets half the budget of a request.
        requestTimeoutMs: 1_000,
        maxResponseBytes: 64 * 1024 * 1024,
      },
    ]);
    expect(target).toMatchObject({
      hosts: ['https://a.example:9200', 'https://b.example:9200/prefix'],
      demo: false,
      secrets: expect.arrayContaining(['pw-42', Buffer.from('reader:pw-42').toString('base64')]),
      requestTimeoutMs: 2_000,
    });
  });

  it('stops the start naming the key when a CA file cannot be read', async () => {
    await expect(
      configuredIndexer(
        indexerConfig({
          hosts: ['https://a.example:9200'],
          ssl: { certificateAuthorities: [join(dir, 'missing.pem')] },
        }),
        recordingOpenSearch(),
      ),
    ).rejects.toThrow(/^\[svc\.indexer\.ssl\.certificateAuthorities\] cannot read .*missing\.pem/);
  });
});
