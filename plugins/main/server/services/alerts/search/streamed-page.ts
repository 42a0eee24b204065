/**
 * One page of a point-in-time search read as it arrives: its hits handed on one by one (see
 * `SearchAnswerScanner`), its bytes bounded, compressed and inflated alike, by
 * `svc.indexer.maxResponseBytes`, and the whole exchange, body included, by
 * `svc.indexer.requestTimeoutMs` (the client's own timeout stops at the headers, so a body that
 * trickles in a byte at a time would otherwise never end). Whatever stops the read destroys the
 * answer's connection.
 */
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createInflate, type Gunzip, type Inflate } from 'node:zlib';
import { IndexerError, malformedResponse } from '../indexer/errors';
import type { StreamedAnswer } from '../indexer/connection';
import type { AlertsIndexer, SearchBody } from './alerts-indexer';
import {
  SearchAnswerScanner,
  badAnswer,
  type ScannedPage,
  type SearchAnswerScannerOptions,
} from './search-answer-scanner';

export interface StreamedPageOptions extends SearchAnswerScannerOptions {
  /** `svc.indexer.maxResponseBytes`. */
  maxResponseBytes: number;
  /** `svc.indexer.requestTimeoutMs`. */
  requestTimeoutMs: number;
  signal?: AbortSignal;
}

function responseTooLarge(limit: number): IndexerError {
  return new IndexerError(
    'indexer_response_too_large',
    `The indexer's answer is larger than svc.indexer.maxResponseBytes (${limit} bytes).`,
  );
}

function timedOut(limit: number): IndexerError {
  return new IndexerError(
    'indexer_timeout',
    `The indexer did not answer in time (svc.indexer.requestTimeoutMs, ${limit} ms).`,
  );
}

/** `POST /_search` in a point in time: the page's totals and last sort, its hits to `onHit`. */
export async function searchStreamedPage(
  indexer: Pick<AlertsIndexer, 'searchInPitStreamed'>,
  body: SearchBody,
  options: StreamedPageOptions,
): Promise<ScannedPage> {
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(timedOut(options.requestTimeoutMs)),
    options.requestTimeoutMs,
  );
  const leave = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', leave, { once: true });
  try {
    if (options.signal?.aborted) leave();
    stop.signal.throwIfAborted();
    const answer = await indexer.searchInPitStreamed(body, stop.signal);
    return await readAnswer(answer, new SearchAnswerScanner(options), options, stop.signal);
  } catch (error) {
    // The client reports its call aborted by the time limit as an abort: say what it was.
    if (stop.signal.reason instanceof IndexerError) throw stop.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', leave);
  }
}

function inflaterFor(encoding: string | undefined): Gunzip | Inflate | undefined {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    default:
      throw badAnswer(`an answer in an encoding the dashboard did not ask for (${encoding})`);
  }
}

/** Feeds the body to the scanner as it comes, counting its bytes on the wire and inflated. */
function readAnswer(
  answer: StreamedAnswer,
  scanner: SearchAnswerScanner,
  { maxResponseBytes }: StreamedPageOptions,
  signal: AbortSignal,
): Promise<ScannedPage> {
  const { body } = answer;
  return new Promise((resolve, reject) => {
    let inflater: Gunzip | Inflate | undefined;
    const decoder = new StringDecoder('utf8');
    let wireBytes = 0;
    let textBytes = 0;
    let wireEnded = false;
    let settled = false;
    const settle = (error?: unknown, page?: ScannedPage) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      if (error === undefined) resolve(page as ScannedPage);
      else {
        body.destroy();
        inflater?.destroy();
        reject(error);
      }
    };
    const abort = () => settle(signal.reason ?? new Error('aborted'));
    const onText = (chunk: Buffer) => {
      if (settled) return;
      textBytes += chunk.length;
      if (textBytes > maxResponseBytes) return settle(responseTooLarge(maxResponseBytes));
      try {
        scanner.write(decoder.write(chunk));
      } catch (error) {
        settle(error);
      }
    };
    const onTextEnd = () => {
      if (settled) return;
      try {
        scanner.write(decoder.end());
        settle(undefined, scanner.end());
      } catch (error) {
        settle(error);
      }
    };
    const cutShort = () => settle(malformedResponse('an answer cut short'));

    try {
      inflater = inflaterFor(answer.headers['content-encoding']);
    } catch (error) {
      settle(error);
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) return abort();
    if (inflater) {
      inflater.on('data', onText);
      inflater.on('end', onTextEnd);
      inflater.on('error', () =>
        settle(malformedResponse('a compressed answer that does not inflate')),
      );
    }
    const target = inflater;
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      wireBytes += chunk.length;
      if (wireBytes > maxResponseBytes) return settle(responseTooLarge(maxResponseBytes));
      if (target) target.write(chunk);
      else onText(chunk);
    });
    body.on('end', () => {
      wireEnded = true;
      if (target) target.end();
      else onTextEnd();
    });
    body.on('error', cutShort);
    body.on('close', () => {
      if (!wireEnded) cutShort();
    });
  });
}
