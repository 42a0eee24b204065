import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_FILE_NAME, loadEncryptionKey } from './encryption-key';

describe('loadEncryptionKey', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-key-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a 0600 key file on first start and reads it afterwards', async () => {
    const first = await loadEncryptionKey({ dataDir });
    expect(first.source).toBe('file-created');
    expect(statSync(join(dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    const second = await loadEncryptionKey({ dataDir });
    expect(second.source).toBe('file');
    expect(second.key.equals(first.key)).toBe(true);
    expect(second.warning).toBeUndefined();
  });

  it('agrees on one key when several instances start at once', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadEncryptionKey({ dataDir })));
    expect(new Set(keys.map((entry) => entry.key.toString('hex'))).size).toBe(1);
    expect(readFileSync(join(dataDir, KEY_FILE_NAME), 'utf8').trim()).toBe(
      keys[0].key.toString('base64'),
    );
  });

  it('warns about a key file others can read, and rejects a damaged one', async () => {
    await loadEncryptionKey({ dataDir });
    chmodSync(join(dataDir, KEY_FILE_NAME), 0o644);
    expect((await loadEncryptionKey({ dataDir })).warning).toMatch(/chmod 600/);
    writeFileSync(join(dataDir, KEY_FILE_NAME), 'short');
    await expect(loadEncryptionKey({ dataDir })).rejects.toThrow(/32 bytes/);
  });

  it('derives the key from SVC_ENCRYPTION_KEY, which must be long enough', async () => {
    const configuredKey = 'a'.repeat(64);
    const fromEnv = await loadEncryptionKey({ configuredKey, dataDir });
    expect(fromEnv.source).toBe('env');
    expect(fromEnv.key).toHaveLength(32);
    expect((await loadEncryptionKey({ configuredKey, dataDir })).key.equals(fromEnv.key)).toBe(
      true,
    );
    await expect(loadEncryptionKey({ configuredKey: 'short', dataDir })).rejects.toThrow(
      /SVC_ENCRYPTION_KEY/,
    );
  });
});
