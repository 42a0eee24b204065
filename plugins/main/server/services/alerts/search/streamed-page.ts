/**
 * One page of a point-in-time search read as it arrives: its hits handed on one by one (see
 * `SearchAnswerScanner`), and the whole exchange, body included, bounded by
 * `svc.indexer.requestTimeoutMs` (the client's own timeout stops at the headers, so a body that
 * trickles in a byte at a time would otherwise never end). The host's node connection has already
 * inflated the body and cut it past `svc.indexer.maxResponseBytes`. Whatever stops the read destroys
 * the answer's connection.
 */
import { StringDecoder } from 'node:string_decoder';
import { isIndexerResponseTooLarge } from '@host/server/types';
import { badAnswer, IndexerError, timeoutError, toIndexerError } from '../indexer/errors';
import type { StreamedAnswer } from '../indexer/connection';
import type { AlertsIndexer, SearchBody } from './alerts-indexer';
import {
  SearchAnswerScanner,
  type ScannedPage,
  type SearchAnswerScannerOptions,
} from './search-answer-scanner';

export interface StreamedPageOptions extends SearchAnswerScannerOptions {
  /** `svc.indexer.requestTimeoutMs`. */
  requestTimeoutMs: number;
  signal?: AbortSignal;
}

/** `POST /_search` in a point in time: the page's totals and last sort, its hits to `onHit`. */
export async function searchStreamedPage(
  indexer: Pick<AlertsIndexer, 'searchInPitStreamed'>,
  body: SearchBody,
  options: StreamedPageOptions,
): Promise<ScannedPage> {
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(timeoutError(options.requestTimeoutMs)),
    options.requestTimeoutMs,
  );
  const leave = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', leave, { once: true });
  try {
    if (options.signal?.aborted) leave();
    stop.signal.throwIfAborted();
    const answer = await indexer.searchInPitStreamed(body, stop.signal);
    return await readAnswer(answer, new SearchAnswerScanner(options), stop.signal);
  } catch (error) {
    // The client reports its call aborted by the time limit as an abort: say what it was.
    if (stop.signal.reason instanceof IndexerError) throw stop.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', leave);
  }
}

/** Feeds the body to the scanner as it comes. */
function readAnswer(
  answer: StreamedAnswer,
  scanner: SearchAnswerScanner,
  signal: AbortSignal,
): Promise<ScannedPage> {
  const { body } = answer;
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let ended = false;
    let settled = false;
    const settle = (error?: unknown, page?: ScannedPage) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      if (error === undefined) resolve(page as ScannedPage);
      else {
        body.destroy();
        reject(error);
      }
    };
    const abort = () => settle(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) return abort();
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        scanner.write(decoder.write(chunk));
      } catch (error) {
        settle(error);
      }
    });
    body.on('end', () => {
      ended = true;
      try {
        scanner.write(decoder.end());
        settle(undefined, scanner.end());
      } catch (error) {
        settle(error);
      }
    });
    // The connection cuts an answer past maxResponseBytes with an error that says so.
    body.on('error', (error) =>
      settle(
        isIndexerResponseTooLarge(error) ? toIndexerError(error) : badAnswer('an answer cut short'),
      ),
    );
    body.on('close', () => {
      if (!ended) settle(badAnswer('an answer cut short'));
    });
  });
}
