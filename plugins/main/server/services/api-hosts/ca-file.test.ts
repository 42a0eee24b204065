import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { readCaFile } from './ca-file';
import { RequestFieldError } from '../request-field-error';

const MAX = 64 * 1024;

describe('readCaFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ca-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function refusal(path: string): Promise<string> {
    const error = await readCaFile(path, MAX).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(RequestFieldError);
    expect(error).toMatchObject({ field: 'ca_file' });
    return (error as RequestFieldError).reason;
  }

  it('reads a PEM certificate', async () => {
    const { cert } = await generate([{ name: 'commonName', value: 'ca' }], {
      keyType: 'ec',
      curve: 'P-256',
    });
    const file = join(dir, 'ca.pem');
    writeFileSync(file, cert);
    expect(await readCaFile(file, MAX)).toBe(cert);
  });

  it.each(['/dev/zero', '/dev/urandom', '/dev/null'])(
    'refuses the device %s at once',
    async (device) => {
      expect(await refusal(device)).toBe(
        'must be a regular file (not a directory, device or pipe)',
      );
    },
  );

  it('refuses a pipe without waiting for a writer, and a directory', async () => {
    const fifo = join(dir, 'ca.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await refusal(fifo)).toBe('must be a regular file (not a directory, device or pipe)');
    expect(await refusal(dir)).toBe('must be a regular file (not a directory, device or pipe)');
  });

  it('refuses a file over the limit without reading it', async () => {
    const huge = join(dir, 'huge.pem');
    writeFileSync(huge, '');
    // Sparse: 8 GB on paper, nothing on disk; a read of it would take the whole memory.
    truncateSync(huge, 8 * 1024 ** 3);
    expect(await refusal(huge)).toBe(`must be at most ${MAX} bytes`);
  });

  it.each([
    ['relative.pem', 'must be an absolute path to a PEM file on the dashboard server'],
    ['/nonexistent/ca.pem', 'cannot be read on the dashboard server (ENOENT)'],
  ])('refuses %s', async (path, reason) => {
    expect(await refusal(path)).toBe(reason);
  });

  it('refuses a file that is not a certificate, without echoing it', async () => {
    const file = join(dir, 'secret.txt');
    writeFileSync(file, 'top secret content');
    expect(await refusal(file)).toBe('is not a PEM certificate');
  });
});
