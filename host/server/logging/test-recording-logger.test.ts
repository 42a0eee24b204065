import { createRecordingLogger, type LogRecord } from './test-recording-logger';

describe('createRecordingLogger', () => {
  it('records messages, errors and fields, child loggers into the same list', () => {
    const records: LogRecord[] = [];
    const logger = createRecordingLogger(records);
    const failure = new Error('database on fire');
    logger.info('started', { port: 5601 });
    logger.get('jobs', 'refresh').error(failure);
    expect(records).toEqual([
      { level: 'info', context: 'test', message: 'started', meta: { port: 5601 } },
      {
        level: 'error',
        context: 'test.jobs.refresh',
        message: 'database on fire',
        error: failure,
        meta: undefined,
      },
    ]);
    expect(logger.records).toBe(records);
  });
});
