import type { ApiHostCheck } from '../../../common/api-host-check';
import { apiVersionHealthCheck, versionMismatch } from './api-version-health-check';

const host = (id: string, version?: string): ApiHostCheck => ({
  id,
  checked_at: '2026-01-01T00:00:00.000Z',
  reachable: version !== undefined,
  authenticated: version !== undefined,
  run_as: 'unknown',
  ...(version && { api_version: version }),
});

describe('versionMismatch', () => {
  it.each([
    ['4.14.0', 'minor', undefined],
    ['4.14.9', 'minor', undefined],
    ['4.13.2', 'minor', 'runs 4.13.2, the dashboard needs 4.14.x'],
    ['4.13.2', 'major', undefined],
    ['5.0.0', 'major', 'runs 5.0.0, the dashboard needs 4.x'],
    ['5.0.0', 'none', undefined],
    ['v?', 'minor', 'version [v?] cannot be read'],
  ] as const)('%s with %s', (version, match, expected) => {
    expect(versionMismatch(version, '4.14.7', match)).toBe(expected);
  });
});

describe('apiVersionHealthCheck', () => {
  const run = (checks: ApiHostCheck[], match: 'minor' | 'major' | 'none' = 'minor') =>
    apiVersionHealthCheck(
      async () => checks,
      () => match,
    ).run({ refresh: false });

  it('is red for a host of another minor version, with the cause and the fix', async () => {
    const outcome = await run([host('a', '4.14.7'), host('b', '4.13.1')]);
    expect(outcome.state).toBe('red');
    expect(outcome.message).toBe(
      'API version mismatch: b runs 4.13.1, the dashboard needs 4.14.x.',
    );
    expect(outcome.fix).toContain('relax "API version compatibility" in App settings');
  });

  it('follows the setting that relaxes it', async () => {
    expect((await run([host('b', '4.13.1')], 'major')).state).toBe('green');
  });

  it('is yellow while no host told its version', async () => {
    expect(await run([host('a')])).toMatchObject({ state: 'yellow', fix: expect.any(String) });
  });
});
