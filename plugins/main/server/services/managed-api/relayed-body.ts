/**
 * A relayed body: the host's answer passed on as it arrives, with back-pressure both ways, checked
 * on the way (size, completeness, JSON edges) and aborted rather than ended short when a check fails.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ManagedApiError } from './errors';
import { failure, notJson, tooLarge, type Exchange } from './exchange';
import {
  firstSignificantByte,
  jsonEndsProblem,
  lastSignificantByte,
  opensJson,
  STARTS_UNLIKE_JSON,
} from './json-edges';

/**
 * Answers up to this size are read whole before the first byte goes on, so a cut-short or malformed
 * one still becomes a clear 502; larger ones stream.
 */
export const CHECKED_ANSWER_BYTES = 64 * 1024;

/**
 * A relayed body: the host's bytes as they arrive, with back-pressure both ways. An answer of unknown
 * length is held back until it passes `CHECKED_ANSWER_BYTES` (it then streams) or ends (it is then
 * handed on whole and checked like a small one). Once streaming, it fails (and the dashboard's answer
 * is aborted, never ended short) when the host's answer is cut short, grows past the size limit,
 * outlives the time budget or, said to be JSON, does not end as it started; its latest chunk is held
 * until the next one comes or that check passes. When its consumer goes away it cuts the host's answer.
 */
export class RelayedBody extends Readable {
  private received = 0;
  private started = false;
  private held: Buffer[] | undefined;
  /** First and last significant bytes so far, for the JSON check. */
  private opening: number | undefined;
  private closing: number | undefined;
  private latest: Buffer | undefined;
  /** The whole answer when it ended while held back, undefined once it streams. */
  readonly ready: Promise<Buffer | undefined>;
  private settleReady!: (outcome: Buffer | undefined | Error) => void;
  private handedOn = false;

  constructor(
    private readonly upstream: IncomingMessage,
    private readonly exchange: Exchange,
    private readonly maxBytes: number,
    private readonly checkJson: boolean,
    holdBack: boolean,
  ) {
    super({ highWaterMark: CHECKED_ANSWER_BYTES });
    this.held = holdBack ? [] : undefined;
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = (outcome) =>
        outcome instanceof Error ? reject(outcome) : resolve(outcome);
    });
    upstream.on('data', (chunk: Buffer) => this.accept(chunk));
    upstream.on('end', () => this.finish());
    upstream.on('error', (error) => this.fail(failure(exchange, error, true)));
    upstream.on('close', () => {
      if (!upstream.complete)
        this.fail(failure(exchange, new Error('the connection closed mid-answer'), true));
    });
  }

  private accept(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      this.fail(tooLarge(this.exchange, this.maxBytes, this.upstream.statusCode ?? 0));
      return;
    }
    if (this.held) {
      this.held.push(chunk);
      if (this.received <= CHECKED_ANSWER_BYTES) return;
      chunk = Buffer.concat(this.held, this.received);
      this.held = undefined;
    }
    if (!this.started && !this.start(chunk)) return;
    this.forward(chunk);
  }

  /** Checks the first significant byte; false when the answer was refused. */
  private start(chunk: Buffer): boolean {
    const at = firstSignificantByte(chunk);
    if (at === -1) return true;
    this.opening = chunk[at];
    if (this.checkJson && !opensJson(this.opening)) {
      this.fail(notJson(this.exchange, this.upstream.statusCode ?? 0, STARTS_UNLIKE_JSON));
      return false;
    }
    this.started = true;
    this.handedOn = true;
    this.settleReady(undefined);
    return true;
  }

  private forward(chunk: Buffer): void {
    let next: Buffer | undefined = chunk;
    if (this.checkJson) {
      const last = lastSignificantByte(chunk);
      if (last !== -1) this.closing = chunk[last];
      next = this.latest;
      this.latest = chunk;
    }
    if (next && !this.push(next)) this.upstream.pause();
  }

  private finish(): void {
    if (!this.upstream.complete) return;
    this.exchange.deadline.dispose();
    if (this.held) {
      this.settleReady(Buffer.concat(this.held, this.received));
      this.held = undefined;
      this.destroy();
      return;
    }
    if (this.checkJson) {
      const problem = jsonEndsProblem(this.opening, this.closing);
      if (problem) {
        this.fail(notJson(this.exchange, this.upstream.statusCode ?? 0, problem));
        return;
      }
      if (this.latest) this.push(this.latest);
    }
    this.handedOn = true;
    this.settleReady(undefined);
    this.push(null);
  }

  /** Before the body is handed on, the error goes to whoever awaits `ready` (no consumer listens yet). */
  private fail(error: ManagedApiError): void {
    if (this.handedOn) this.destroy(error);
    else {
      this.settleReady(error);
      this.destroy();
    }
  }

  override _read(): void {
    this.upstream.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.exchange.deadline.dispose();
    if (!this.upstream.complete) this.upstream.destroy();
    callback(error);
  }
}
