import { configSchema, resolveConfig } from '../../../config';

function resolve(indexer: Record<string, unknown> = {}) {
  return { indexer: resolveConfig(configSchema.validate({ indexer })).indexer };
}

describe('svc.indexer', () => {
  it('has no indexer and the documented limits by default', () => {
    const { indexer } = resolve();
    expect(indexer).toEqual({
      hosts: [],
      ssl: { certificate_authorities: [], verification_mode: 'full' },
      request_timeout_ms: 30_000,
      alerts_index_pattern: 'wazuh-alerts-*',
      max_page_size: 100,
      max_buckets: 10_000,
      csv_max_rows: 10_000_000,
      max_agent_filter: 65_536,
      max_requests_in_flight_per_user: 8,
      scope_cache_ttl_ms: 30_000,
    });
  });

  it('takes hosts and CA files as lists or as comma-separated strings (environment variables)', () => {
    const { indexer } = resolve({
      hosts: 'https://a.example:9200, https://b.example:9200',
      ssl: { certificate_authorities: '/etc/ca.pem' },
    });
    expect(indexer.hosts).toEqual(['https://a.example:9200', 'https://b.example:9200']);
    expect(indexer.ssl.certificate_authorities).toEqual(['/etc/ca.pem']);
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
    expect(() => resolve({ ssl: { verification_mode: 'partial' } })).toThrow(/verification_mode/);
  });
});
