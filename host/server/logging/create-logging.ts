import pino from 'pino';
import type { LoggerFactory } from '../types';
import type { LogLevel } from './levels';
import { ContextLoggerFactory } from './logger';
import { redactSecrets } from './redaction';
import { serializeError } from './serialize-error';

export interface LoggingOptions {
  level: LogLevel;
  /** Where JSON lines go: any stream with `write(line)`; stdout when omitted. */
  destination?: pino.DestinationStream;
}

export interface LoggingSystem {
  factory: LoggerFactory;
  root: pino.Logger;
  /** Resolves once every record written so far has reached the destination. */
  flush(): Promise<void>;
}

/** One JSON line per record: `level`, `time`, `pid`, `context`, `message`, meta fields, `error`. */
export function createLogging({ level, destination }: LoggingOptions): LoggingSystem {
  const root = pino(
    {
      level,
      base: { pid: process.pid },
      messageKey: 'message',
      errorKey: 'error',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: redactSecrets },
      serializers: { error: serializeError, err: serializeError },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
  return {
    factory: new ContextLoggerFactory(root),
    root,
    flush: () =>
      new Promise<void>((resolve, reject) =>
        root.flush((error) => (error ? reject(error) : resolve())),
      ),
  };
}
