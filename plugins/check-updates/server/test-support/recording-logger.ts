import type { LogMeta, Logger } from '../../../../host/server/types';

export interface LogRecord {
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  message: string;
  meta?: LogMeta;
}

/** Logger for service tests that keeps every record. */
export function createRecordingLogger(
  records: LogRecord[] = [],
): Logger & { records: LogRecord[] } {
  const write =
    (level: LogRecord['level']) =>
    (message: string | Error, meta?: LogMeta): void => {
      records.push({ level, message: message instanceof Error ? message.message : message, meta });
    };
  const logger = {
    records,
    trace: write('trace'),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    fatal: write('fatal'),
    get: () => logger,
  };
  return logger;
}
