/** Host connections: one agent per endpoint, a new one when settings or the CA file change. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiHostTlsError } from './errors';
import { HostConnections } from './host-connections';
import type { HostEndpoint } from './host-endpoint';

const settings = { maxSockets: 4, maxCaFileBytes: 64 * 1024 };
const host: HostEndpoint = { id: 'prod', url: 'http://[::1]', port: 55000, tls_verify: true };

describe('HostConnections', () => {
  let connections: HostConnections;
  let folder: string;
  beforeEach(() => {
    connections = new HostConnections(settings);
    folder = mkdtempSync(join(tmpdir(), 'host-connections-'));
  });
  afterEach(() => {
    connections.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps one agent per host while its settings stay, and strips IPv6 brackets', async () => {
    const first = await connections.of(host);
    expect(await connections.of({ ...host })).toBe(first);
    expect(first.hostname).toBe('::1');
    expect(first.port).toBe(55000);
    expect(first.agent.maxSockets).toBe(4);
  });

  it('opens a new agent when the host settings change or it was forgotten', async () => {
    const first = await connections.of(host);
    const moved = await connections.of({ ...host, port: 55001 });
    expect(moved).not.toBe(first);
    connections.forget(host.id);
    expect(await connections.of({ ...host, port: 55001 })).not.toBe(moved);
  });

  it('names the host and the problem when its CA file cannot be read', async () => {
    const secure = { ...host, url: 'https://localhost', ca_file: join(folder, 'missing.pem') };
    const failure = connections.of(secure);
    await expect(failure).rejects.toBeInstanceOf(ApiHostTlsError);
    await expect(failure).rejects.toThrow(/API host \[prod\].*cannot be read \(ENOENT\)/);
  });

  it('reads the CA file again only when it changed', async () => {
    const file = join(folder, 'ca.pem');
    writeFileSync(file, 'not a certificate');
    const secure = { ...host, url: 'https://localhost', ca_file: file };
    await expect(connections.of(secure)).rejects.toBeInstanceOf(ApiHostTlsError);
    writeFileSync(file, 'x'.repeat(settings.maxCaFileBytes + 1));
    await expect(connections.of(secure)).rejects.toThrow(/svc\.api\.maxCaFileBytes/);
  });
});
