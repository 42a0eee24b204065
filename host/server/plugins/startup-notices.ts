/**
 * The lines plugins add to the start-up block (`core.startupNotices`). The host takes them once it
 * listens and prints them with its URL; a line added after that has no block left to join, so it is
 * logged instead of being lost.
 */
import type { Logger, StartupNoticesStart } from '../types';

export class StartupNotices {
  private readonly lines: string[] = [];
  private taken = false;

  readonly contract: StartupNoticesStart = { add: (text) => this.add(text) };

  constructor(private readonly logger: Logger) {}

  private add(text: string): void {
    const line = text.trim();
    if (!line) return;
    if (this.taken) this.logger.info(line);
    else this.lines.push(line);
  }

  /** The lines added so far, in order; later lines go to the log. */
  take(): string[] {
    this.taken = true;
    return [...this.lines];
  }
}
