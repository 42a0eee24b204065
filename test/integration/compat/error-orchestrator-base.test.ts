/**
 * The reference product's `react-services/error-orchestrator/error-orchestrator-base.ts`: it sends
 * `POST /utils/logs/ui` with `{message, level, location}`, level `warn` for warnings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { mainTestEnvPerFile } from './support';

jest.setTimeout(60_000);

describe('error-orchestrator-base.ts against POST /utils/logs/ui', () => {
  const env = mainTestEnvPerFile();

  it.each([
    ['warn', 'warning'],
    ['error', 'error'],
    ['info', 'info'],
  ])('accepts level %s and logs it as %s', async (level, logged) => {
    const message = `orchestrated ${level} ${Date.now()}`;
    const response = await env.user.post('/utils/logs/ui', {
      body: { message, level, location: '/app/wazuh#/overview' },
    });
    expect(response.status).toBe(200);
    const lines = readFileSync(join(env.dashboard.dataDir, 'logs', 'ui.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; message: string });
    expect(lines.find((line) => line.message === message)?.level).toBe(logged);
  });
});
