import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnvSettings } from './env';
import { loadConfig } from './load-config';

describe('indexer environment variables', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'svc-env-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it("set the main plugin's indexer keys over the file's, leaving its other keys", () => {
    writeFileSync(
      join(cwd, 'svc.yml'),
      'svc:\n  indexer:\n    hosts: [https://file:9200]\n    username: from-file\n    requestTimeoutMs: 5000\n',
    );
    const config = loadConfig({
      cwd,
      env: {
        SVC_CONFIG: 'svc.yml',
        SVC_INDEXER_URL: 'https://a:9200,https://b:9200',
        SVC_INDEXER_USERNAME: 'reader',
        SVC_INDEXER_PASSWORD: 'secret',
        SVC_INDEXER_CA_FILE: '/etc/indexer-ca.pem',
      },
    });
    expect(config.plugins.svc).toEqual({
      indexer: {
        hosts: 'https://a:9200,https://b:9200',
        username: 'reader',
        password: 'secret',
        requestTimeoutMs: 5000,
        ssl: { certificateAuthorities: '/etc/indexer-ca.pem' },
      },
    });
  });

  it('are unset when empty', () => {
    expect(readEnvSettings({ SVC_INDEXER_URL: '', SVC_INDEXER_PASSWORD: '' })).toEqual([]);
  });
});
