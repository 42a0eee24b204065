import { configSchema, resolveConfig } from '../../../config';

function resolve(indexer: Record<string, unknown> = {}) {
  return { indexer: resolveConfig(configSchema.validate({ indexer })).indexer };
}

describe('svc.indexer', () => {
  it('has no indexer and the documented limits by default', () => {
    const { indexer } = resolve();
    expect(indexer).toEqual({
      hosts: [],
      ssl: { certificateAuthorities: [], verificationMode: 'full' },
      requestTimeoutMs: 30_000,
      maxResponseBytes: 64 * 1024 * 1024,
      alertsIndexPattern: 'wazuh-alerts-*',
      maxPageSize: 100,
      maxBuckets: 10_000,
      csvMaxRows: 10_000_000,
      maxAgentFilter: 65_536,
      maxRequestsInFlightPerUser: 8,
      scopeCacheTtlMs: 30_000,
    });
  });

  it('takes hosts and CA files as lists or as comma-separated strings (environment variables)', () => {
    const { indexer } = resolve({
      hosts: 'https://a.example:9200, https://b.example:9200',
      ssl: { certificateAuthorities: '/etc/ca.pem' },
    });
    expect(indexer.hosts).toEqual(['https://a.example:9200', 'https://b.example:9200']);
    expect(indexer.ssl.certificateAuthorities).toEqual(['/etc/ca.pem']);
    expect(resolve({ hosts: ['http://127.0.0.1:9200'] }).indexer.hosts).toEqual([
      'http://127.0.0.1:9200',
    ]);
  });

  it.each([
    ['ftp://indexer:9200', 'http or https'],
    ['https://admin:secret@indexer:9200', 'must not contain credentials'],
    ['not a url', 'absolute URL'],
  ])('refuses the host %s', (host, reason) => {
    expect(() => resolve({ hosts: host })).toThrow(reason);
  });

  it('refuses an unknown verification mode', () => {
    expect(() => resolve({ ssl: { verificationMode: 'partial' } })).toThrow(/verificationMode/);
  });
});
