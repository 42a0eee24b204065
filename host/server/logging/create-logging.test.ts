import { createLogging } from './create-logging';
import { createLineCollector } from './line-collector';
import type { LogLevel } from './levels';

function setup(level: LogLevel = 'trace') {
  const collector = createLineCollector();
  const logging = createLogging({ level, destination: collector.stream });
  return { ...collector, logging };
}

describe('createLogging', () => {
  it('writes one JSON line per record with level, time, pid, context and message', async () => {
    const { logging, lines, records } = setup();
    logging.factory.get('plugins', 'svc').info('started');
    await logging.flush();
    expect(lines()).toHaveLength(1);
    const [record] = records();
    expect(record).toMatchObject({
      level: 'info',
      pid: process.pid,
      context: 'plugins.svc',
      message: 'started',
    });
    expect(new Date(record.time as string).toISOString()).toBe(record.time);
  });

  it('joins child contexts with dots and reuses loggers per context', () => {
    const { logging, records } = setup();
    const plugin = logging.factory.get('plugins', 'svc');
    plugin.get('routes', 'hosts').debug('registered');
    logging.factory.get().warn('no context');
    logging.factory.get().get('http').info('listening');
    expect(records().map((record) => record.context)).toEqual([
      'plugins.svc.routes.hosts',
      'root',
      'http',
    ]);
    expect(logging.factory.get('plugins', 'svc')).toBe(plugin);
  });

  it('merges meta as fields', () => {
    const { logging, records } = setup();
    logging.factory
      .get('http')
      .info('request', { method: 'GET', statusCode: 200, route: { path: '/api/status' } });
    expect(records()[0]).toMatchObject({
      method: 'GET',
      statusCode: 200,
      route: { path: '/api/status' },
    });
  });

  it('logs an Error with its message and stack', () => {
    const { logging, records } = setup();
    const failure = new Error('upstream unreachable', { cause: new Error('ECONNREFUSED') });
    logging.factory.get('plugins', 'svc').error(failure, { apiHostId: 'default' });
    const [record] = records();
    expect(record).toMatchObject({
      level: 'error',
      message: 'upstream unreachable',
      apiHostId: 'default',
    });
    const error = record.error as Record<string, string>;
    expect(error.type).toBe('Error');
    expect(error.message).toContain('upstream unreachable');
    expect(error.stack).toContain('Error: upstream unreachable');
    expect(error.stack).toContain('ECONNREFUSED');
  });

  it('keeps a custom error type and its data fields', () => {
    class UpstreamError extends Error {
      constructor(
        message: string,
        readonly statusCode: number,
      ) {
        super(message);
      }
    }
    const { logging, records } = setup();
    logging.factory.get('x').warn(new UpstreamError('rejected', 502));
    expect(records()[0].error).toMatchObject({
      type: 'UpstreamError',
      message: 'rejected',
      statusCode: 502,
    });
  });

  it('honours the level', () => {
    const { logging, records } = setup('warn');
    const logger = logging.factory.get('x');
    logger.trace('t');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    logger.fatal('f');
    expect(records().map((record) => record.level)).toEqual(['warn', 'error', 'fatal']);
    const silent = setup('silent');
    silent.logging.factory.get('x').fatal('f');
    expect(silent.lines()).toEqual([]);
  });

  it('flushes the default stdout destination', async () => {
    const logging = createLogging({ level: 'silent' });
    await expect(logging.flush()).resolves.toBeUndefined();
  });
});
