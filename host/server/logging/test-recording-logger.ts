/**
 * Test support: the one logger tests use to see what code logged. It keeps every record (level,
 * context, message, the error when one was logged, the fields) and makes child loggers that write
 * to the same list under a longer context, as the host's logger does.
 */
import type { LogMeta, Logger } from '../types';

export interface LogRecord {
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  context: string;
  message: string;
  /** The error itself when one was logged instead of a message. */
  error?: Error;
  meta?: LogMeta;
}

export function createRecordingLogger(
  records: LogRecord[] = [],
  context = 'test',
): Logger & { records: LogRecord[] } {
  const log =
    (level: LogRecord['level']) =>
    (messageOrError: string | Error, meta?: LogMeta): void => {
      records.push(
        messageOrError instanceof Error
          ? { level, context, message: messageOrError.message, error: messageOrError, meta }
          : { level, context, message: messageOrError, meta },
      );
    };
  return {
    records,
    trace: log('trace'),
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    fatal: log('fatal'),
    get: (...parts) => createRecordingLogger(records, [context, ...parts].join('.')),
  };
}
