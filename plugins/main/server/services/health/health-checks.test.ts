import { createRecordingLogger } from '@host/server/saved-objects/testing';
import { HealthChecks } from './health-checks';

describe('HealthChecks', () => {
  it('reports each check and the worst state, and turns a failing check into red', async () => {
    const logger = createRecordingLogger();
    const checks = new HealthChecks(logger);
    checks.register({
      id: 'a',
      title: 'A',
      run: async () => ({ state: 'green', message: 'fine' }),
    });
    checks.register({
      id: 'b',
      title: 'B',
      run: async ({ refresh }) => ({ state: 'yellow', message: `refresh ${refresh}` }),
    });
    checks.register({
      id: 'c',
      title: 'C',
      run: async () => Promise.reject(new Error('no database')),
    });
    const report = await checks.run({ refresh: true });
    expect(report).toEqual({
      state: 'red',
      checks: [
        { id: 'a', title: 'A', state: 'green', message: 'fine' },
        { id: 'b', title: 'B', state: 'yellow', message: 'refresh true' },
        {
          id: 'c',
          title: 'C',
          state: 'red',
          message: 'The check failed: no database',
          fix: 'Retry; if it fails again, the dashboard log names the cause.',
        },
      ],
    });
    expect(logger.records.some((record) => record.level === 'error')).toBe(true);
    expect(() =>
      checks.register({
        id: 'a',
        title: 'again',
        run: async () => ({ state: 'green', message: '' }),
      }),
    ).toThrow('already registered');
  });
});
