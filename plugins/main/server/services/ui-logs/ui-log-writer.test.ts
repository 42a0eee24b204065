import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UiLogWriter, type UiLogSettings } from './ui-log-writer';

const redact = (text: string) => text.replace(/token=\w+/g, 'token=[REDACTED]');

describe('UiLogWriter', () => {
  let dataDir: string;
  let writer: UiLogWriter;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-ui-logs-'));
  });
  const open = (settings: Partial<UiLogSettings> = {}) =>
    (writer = new UiLogWriter({
      dataDir,
      rotationSize: '10M',
      maxFiles: 2,
      maxTotalSize: '1M',
      redact,
      perUserPerMinute: 10,
      ...settings,
    }));
  afterEach(async () => {
    await writer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one JSON line per entry, private to the server user, with control characters other than line breaks blanked', async () => {
    open();
    expect(
      await writer.write('alice', {
        level: 'error',
        message: 'boom\u0007\nnext line',
        location: 'app/agents\r\nX',
      }),
    ).toEqual({ written: true });
    const [line] = readFileSync(writer.path, 'utf8').trim().split('\n');
    expect(JSON.parse(line)).toMatchObject({
      level: 'error',
      user: 'alice',
      message: 'boom \nnext line',
      location: 'app/agents \nX',
    });
    expect(statSync(writer.path).mode & 0o777).toBe(0o600);
  });

  it('limits entries per user and says when to try again', async () => {
    open({ perUserPerMinute: 2 });
    const entry = { level: 'info' as const, message: 'x', location: 'y' };
    expect(await writer.write('alice', entry)).toEqual({ written: true });
    expect(await writer.write('alice', entry)).toEqual({ written: true });
    const limited = await writer.write('alice', entry);
    expect(limited).toMatchObject({ written: false });
    expect(limited.written === false && limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(await writer.write('bob', entry)).toEqual({ written: true });
  });

  it('rotates the file by size and keeps a bounded number of files', async () => {
    open({ rotationSize: '1K', perUserPerMinute: 10_000 });
    for (let index = 0; index < 60; index += 1)
      await writer.write('alice', {
        level: 'info',
        message: 'x'.repeat(200),
        location: `entry ${index}`,
      });
    // Closing waits for the rotations under way.
    await writer.close();
    const logs = readdirSync(join(dataDir, 'logs')).filter((name) => name.endsWith('ui.log'));
    expect(logs).toContain('ui.log');
    expect(logs.length).toBeGreaterThan(1);
    expect(logs.length).toBeLessThanOrEqual(3);
  });

  it('censors secrets in what it stores', async () => {
    open();
    await writer.write('alice', {
      level: 'error',
      message: 'GET /x?token=abc failed',
      location: '/app/x?token=def',
    });
    const text = readFileSync(writer.path, 'utf8');
    expect(text).not.toMatch(/abc|def/);
    expect(JSON.parse(text)).toMatchObject({
      message: 'GET /x?token=[REDACTED] failed',
      location: '/app/x?token=[REDACTED]',
    });
  });

  it('bounds the total size of the rotated files, however many are allowed', async () => {
    open({ rotationSize: '1K', maxFiles: 1000, maxTotalSize: '3K', perUserPerMinute: 10_000 });
    for (let index = 0; index < 80; index += 1)
      await writer.write('alice', {
        level: 'info',
        message: 'x'.repeat(200),
        location: `${index}`,
      });
    await writer.close();
    const folder = join(dataDir, 'logs');
    const total = readdirSync(folder)
      .filter((name) => name.endsWith('ui.log'))
      .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
    expect(total).toBeLessThanOrEqual(3 * 1024 + 1024 + 300);
  });
});
