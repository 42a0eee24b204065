/**
 * Writes the browser's log entries as JSON lines to `<data>/logs/ui.log`, rotated by size with the
 * rotated files bounded in number and in total size (so a slow, steady flood cannot fill the disk),
 * limits how many entries each dashboard user may send per minute, and censors secret-looking URL
 * parameters as the server's own log does.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import type { UiLogEntry } from '../../../common/ui-logs';

const UI_LOG_FILE_NAME = 'ui.log';

export interface UiLogSettings {
  dataDir: string;
  rotationSize: string;
  maxFiles: number;
  /** Total size of the rotated files kept (rotating-file-stream syntax: 100M). */
  maxTotalSize: string;
  perUserPerMinute: number;
  /** Censors secrets in a text (the host's `redactSecrets`). */
  redact(text: string): string;
}

export type UiLogOutcome = { written: true } | { written: false; retryAfterSeconds: number };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export class UiLogWriter {
  private readonly stream: RotatingFileStream;
  private readonly limiter: RateLimiterMemory;
  private readonly redact: (text: string) => string;
  readonly path: string;

  constructor(settings: UiLogSettings) {
    this.redact = settings.redact;
    const folder = join(settings.dataDir, 'logs');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    this.path = join(folder, UI_LOG_FILE_NAME);
    this.stream = createStream(UI_LOG_FILE_NAME, {
      path: folder,
      size: settings.rotationSize,
      maxFiles: settings.maxFiles,
      maxSize: settings.maxTotalSize,
      mode: 0o600,
    });
    this.limiter = new RateLimiterMemory({ points: settings.perUserPerMinute, duration: 60 });
  }

  async write(username: string, entry: UiLogEntry): Promise<UiLogOutcome> {
    try {
      await this.limiter.consume(username);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        return {
          written: false,
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      throw rejection;
    }
    const line = JSON.stringify({
      '@timestamp': new Date().toISOString(),
      level: entry.level,
      user: username,
      location: this.redact(entry.location.replace(CONTROL, ' ')),
      message: this.redact(entry.message.replace(CONTROL, ' ')),
    });
    await new Promise<void>((resolve, reject) =>
      this.stream.write(`${line}\n`, (error) => (error ? reject(error) : resolve())),
    );
    return { written: true };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(() => resolve()));
  }
}
