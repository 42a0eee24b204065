/**
 * A host's CA file that is replaced after it was stored (by a huge file, a pipe, a device) on the real
 * server: the next call through that host gets a clear 502 naming the cause, the server keeps
 * answering meanwhile, and a sane file works again.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_ID, startMainTestEnv, type MainTestEnv } from '../main/support';

jest.setTimeout(60_000);

const MAX_CA_FILE_BYTES = 4096;

describe('A CA file replaced after it was stored', () => {
  let env: MainTestEnv;
  let dir: string;
  let caFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-ca-files-'));
    caFile = join(dir, 'ca.pem');
    env = await startMainTestEnv({
      simulator: { https: true },
      svc: { api: { maxCaFileBytes: MAX_CA_FILE_BYTES } },
    });
    await writeFile(caFile, env.simulator.certificate!);
    const stored = await env.admin.put(`/hosts/apis/${HOST_ID}`, { body: { ca_file: caFile } });
    expect(stored.status).toBe(200);
  });
  afterAll(async () => {
    await env?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const agents = () =>
    env.admin.post('/api/request', { body: { id: HOST_ID, method: 'GET', path: '/agents' } });

  async function replaceCaFile(make: (path: string) => Promise<unknown>): Promise<void> {
    const replacement = join(dir, 'replacement');
    await make(replacement);
    await rename(replacement, caFile);
  }

  it.each([
    [
      'a file over the size limit',
      (path: string) => writeFile(path, '').then(() => truncate(path, MAX_CA_FILE_BYTES + 1)),
      `must be at most ${MAX_CA_FILE_BYTES} bytes (svc.api.maxCaFileBytes)`,
    ],
    [
      'a pipe',
      async (path: string) => execFileSync('mkfifo', [path]),
      'must be a regular file (not a directory, device or pipe)',
    ],
    [
      'a link to /dev/zero',
      (path: string) => symlink('/dev/zero', path),
      'must be a regular file (not a directory, device or pipe)',
    ],
    [
      'a file that is no certificate',
      (path: string) => writeFile(path, 'not a certificate'),
      'is not a PEM certificate',
    ],
  ])('by %s: a 502 naming the cause, the server still answers', async (_kind, make, cause) => {
    expect((await agents()).status).toBe(200);
    await replaceCaFile(make);
    const [refused, status] = await Promise.all([agents(), env.user.get('/api/status')]);
    expect(refused.status).toBe(502);
    expect(refused.json<{ message: string }>().message).toBe(
      `The CA file of API host [${HOST_ID}] ${cause}; fix the file or the host's settings.`,
    );
    expect(status.status).toBe(200);
    await replaceCaFile((path) => writeFile(path, env.simulator.certificate!));
    expect((await agents()).status).toBe(200);
  });
});
