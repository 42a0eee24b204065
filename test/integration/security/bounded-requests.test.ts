/**
 * Bounds on the real server that the other files do not reach: a client that sends its headers or
 * its body too slowly, bodies that parse but are pathological, the update checker's dismissal cap
 * through its second write path, and the UI log's size on disk under a slow, steady flood.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyTooDeepMessage } from '../../../host/server/http/body-parsers';
import { rawExchange } from '../../support/raw-exchange';
import { startTestDashboard, type TestDashboard } from '../harness';

jest.setTimeout(60_000);

describe('Slow and pathological requests', () => {
  let dashboard: TestDashboard;

  beforeAll(async () => {
    dashboard = await startTestDashboard({
      config: {
        server: { headersTimeoutMs: 300, requestTimeoutMs: 600, maxBodyDepth: 8 },
        svc_check_updates: { maxDismissedUpdates: 3 },
      },
    });
  });
  afterAll(() => dashboard?.stop());

  it('answers 408 and closes a connection whose headers never end', async () => {
    const answer = await rawExchange(dashboard.url, 'GET /api/status HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection whose body never ends', async () => {
    const answer = await rawExchange(
      dashboard.url,
      'POST /auth/login HTTP/1.1\r\nHost: x\r\nosd-xsrf: it\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"user',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await dashboard.anonymous().get('/api/status')).status).toBe(200);
  });

  it.each([
    ['nested too deep', `${'['.repeat(20)}${']'.repeat(20)}`],
    ['nested far deeper than the call stack', `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
  ])('answers 400, never 500, to a JSON body %s', async (_kind, body) => {
    const answer = await dashboard.anonymous().post('/auth/login', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json<{ message: string }>().message).toContain(bodyTooDeepMessage(8));
  });

  it('keeps the dismissal cap through POST /dismiss too: the oldest are forgotten', async () => {
    const admin = await dashboard.login();
    for (const version of ['4.0.0', '4.1.0', '4.2.0', '4.3.0', '4.4.0']) {
      const dismissed = await admin.post('/api/v1/svc-check-updates/dismiss', {
        body: { version, update_type: 'minor' },
      });
      expect(dismissed.status).toBe(200);
    }
    const preferences = await admin.get('/api/v1/svc-check-updates/preferences');
    const stored = preferences.json<{ data: { dismissed_updates: Record<string, unknown> } }>();
    expect(Object.keys(stored.data.dismissed_updates).sort()).toEqual(['4.2.0', '4.3.0', '4.4.0']);
  });
});

describe('The UI log on disk', () => {
  it('stays within its total size under a steady flood of entries', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-ui-log-'));
    try {
      const dashboard = await startTestDashboard({
        dataDir,
        config: {
          svc: {
            uiLogs: {
              rotationSize: '1K',
              maxFiles: 1000,
              maxTotalSize: '3K',
              perUserPerMinute: 10_000,
            },
          },
        },
      });
      try {
        const admin = await dashboard.login();
        for (let index = 0; index < 80; index += 1) {
          const written = await admin.post('/utils/logs/ui', {
            body: { level: 'info', message: 'x'.repeat(200), location: `${index}` },
          });
          expect(written.status).toBe(200);
        }
      } finally {
        await dashboard.stop();
      }
      const folder = join(dataDir, 'logs');
      const files = (await readdir(folder)).filter((name) => name.endsWith('ui.log'));
      let total = 0;
      for (const name of files) total += (await stat(join(folder, name))).size;
      // The limit, plus the file being written (one rotation size) and one entry that crossed it.
      expect(total).toBeLessThanOrEqual(3 * 1024 + 1024 + 300);
      expect(files.length).toBeGreaterThan(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
