import type pino from 'pino';
import type { LogMeta, Logger, LoggerFactory } from '../types';
import { redactSecretParameters } from './redaction';

type WritableLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** A `Logger` bound to one context; records carry `context`, `message`, the meta fields and `error`. */
class ContextLogger implements Logger {
  constructor(
    private readonly factory: ContextLoggerFactory,
    private readonly contextParts: readonly string[],
    private readonly pinoLogger: pino.Logger,
  ) {}

  trace(message: string, meta?: LogMeta): void {
    this.write('trace', message, meta);
  }

  debug(message: string, meta?: LogMeta): void {
    this.write('debug', message, meta);
  }

  info(message: string, meta?: LogMeta): void {
    this.write('info', message, meta);
  }

  warn(messageOrError: string | Error, meta?: LogMeta): void {
    this.write('warn', messageOrError, meta);
  }

  error(messageOrError: string | Error, meta?: LogMeta): void {
    this.write('error', messageOrError, meta);
  }

  fatal(messageOrError: string | Error, meta?: LogMeta): void {
    this.write('fatal', messageOrError, meta);
  }

  get(...parts: string[]): Logger {
    return this.factory.get(...this.contextParts, ...parts);
  }

  private write(
    level: WritableLevel,
    messageOrError: string | Error,
    meta: LogMeta | undefined,
  ): void {
    if (!this.pinoLogger.isLevelEnabled(level)) return;
    if (messageOrError instanceof Error) {
      this.pinoLogger[level]({ ...meta, error: messageOrError }, messageOrError.message);
    } else if (meta) {
      this.pinoLogger[level](meta, redactSecretParameters(messageOrError));
    } else {
      this.pinoLogger[level](redactSecretParameters(messageOrError));
    }
  }
}

/** Context loggers are pino children of the root, created once per context. */
export class ContextLoggerFactory implements LoggerFactory {
  private readonly loggers = new Map<string, Logger>();

  constructor(private readonly root: pino.Logger) {}

  redactSecrets(text: string): string {
    return redactSecretParameters(text);
  }

  get(...parts: string[]): Logger {
    const contextParts = parts.filter((part) => part.length > 0);
    const context = contextParts.join('.') || 'root';
    let logger = this.loggers.get(context);
    if (!logger) {
      logger = new ContextLogger(this, contextParts, this.root.child({ context }));
      this.loggers.set(context, logger);
    }
    return logger;
  }
}
