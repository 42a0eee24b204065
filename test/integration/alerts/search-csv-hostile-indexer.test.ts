/**
 * The alerts CSV export against a hostile indexer (a proxy in front of the stand-in answering the
 * export's pages): a gzip bomb and an answer past `svc.indexer.maxResponseBytes` are a 502
 * `indexer_response_too_large`, a page of the wrong shape a 502 `indexer_bad_answer`, a body that
 * trickles a 504 after `svc.indexer.requestTimeoutMs`, hits past those asked for are not written;
 * a page that fails after the download began breaks it. Whatever happens, the export closes the
 * point in time it opened and gives the user's in-flight slot back, and the dashboard keeps serving.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { deferred, eventually } from '../../support/waiting';
import type { HostileAnswer, HostileExchange } from '../../support/hostile-indexer';
import { INDEXER_USER, lastDay, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(180_000);

const ALERTS = 2_500;
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** Long enough that a page stopped by the downloader leaving is told from one stopped by the time limit. */
const REQUEST_TIMEOUT_MS = 5_000;
const COLUMNS = ['timestamp', 'agent.name'];
const EXPORT = { ...lastDay, columns: COLUMNS };

type Answer = Record<string, unknown> & { hits: { hits: Array<Record<string, unknown>> } };

/** Writes the answer to one page search; `upstream()` is what the stand-in answers to it. */
type PageAnswer = (page: {
  asked: Record<string, unknown>;
  upstream(): Promise<Record<string, unknown>>;
  response: ServerResponse;
}) => void | Promise<void>;

/** The body of a search made in a point in time (`POST /_search` with `pit`), else undefined. */
function pageSearch(exchange: HostileExchange): Record<string, unknown> | undefined {
  if (exchange.method !== 'POST' || !/^\/_search(\?|$)/.test(exchange.path)) return undefined;
  const asked = JSON.parse(exchange.body) as Record<string, unknown>;
  return asked.pit ? asked : undefined;
}

/** The hostile indexer's answer: `answer` for the export's pages (every one, or those after the first). */
function onPages(answer: PageAnswer, pages: 'every' | 'later' = 'every'): HostileAnswer {
  return async (exchange) => {
    const asked = pageSearch(exchange);
    if (!asked || (pages === 'later' && asked.search_after === undefined)) return false;
    await answer({
      asked,
      upstream: async () =>
        JSON.parse((await exchange.forward()).body.toString('utf8')) as Record<string, unknown>,
      response: exchange.response,
    });
    return true;
  };
}

function sendJson(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(value));
}

/** The stand-in's answer changed by `change`. */
const reshaped =
  (change: (answer: Answer) => unknown): PageAnswer =>
  async ({ upstream, response }) =>
    sendJson(response, change((await upstream()) as Answer));

/** The stand-in's answer with its first hit changed by `change`. */
const firstHit = (change: (hit: Record<string, unknown>) => unknown) =>
  reshaped((answer) => {
    answer.hits.hits[0] = change(answer.hits.hits[0]) as Record<string, unknown>;
    return answer;
  });

/** Headers, `{`, then a space every 100 ms for as long as the dashboard listens. */
const trickling =
  (onClose?: () => void): PageAnswer =>
  ({ response }) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{');
    // sleep-ok: a peer that trickles is what is tested
    const drip = setInterval(() => response.write(' '), 100);
    response.on('close', () => {
      clearInterval(drip);
      onClose?.();
    });
  };
const trickle = trickling();

/** 32 MiB of JSON whitespace in 32 KiB of gzip. */
const BOMB = gzipSync(Buffer.alloc(32 * 1024 * 1024, ' '), { level: 9 });
const gzipBomb: PageAnswer = ({ response }) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  response.end(BOMB);
};

const EXTRA_HIT = {
  _index: 'wazuh-alerts-4.x-2024.05.10',
  _id: 'extra',
  _score: null,
  _source: { timestamp: 'EXTRA', agent: { name: 'EXTRA' } },
  sort: [0, 0],
};

/** [what the page is, how it is answered, status, code] */
const REFUSED: Array<[string, PageAnswer, number, string]> = [
  ['a gzip bomb', gzipBomb, 502, 'indexer_response_too_large'],
  [
    'an answer past maxResponseBytes',
    reshaped((answer) => ({ ...answer, padding: 'x'.repeat(2 * MAX_RESPONSE_BYTES) })),
    502,
    'indexer_response_too_large',
  ],
  ['hits: [null]', firstHit(() => null), 502, 'indexer_bad_answer'],
  ['a hit without _source', firstHit(({ _source, ...hit }) => hit), 502, 'indexer_bad_answer'],
  ['a hit without sort', firstHit(({ sort: _sort, ...hit }) => hit), 502, 'indexer_bad_answer'],
  [
    'hits that are not an array',
    reshaped((answer) => ({ ...answer, hits: { ...answer.hits, hits: { 0: EXTRA_HIT } } })),
    502,
    'indexer_bad_answer',
  ],
  [
    'no totals',
    reshaped((answer) => ({ ...answer, hits: { hits: answer.hits.hits } })),
    502,
    'indexer_bad_answer',
  ],
  ['a body that trickles', trickle, 504, 'indexer_timeout'],
];

describe('alerts CSV export in front of a hostile indexer', () => {
  let env: AlertsTestEnv;
  beforeAll(async () => {
    env = await startAlertsTestEnv({
      ownAlerts: ALERTS,
      indexer: {
        maxResponseBytes: MAX_RESPONSE_BYTES,
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        // One: an export that kept its slot would get the next request a 429.
        maxRequestsInFlightPerUser: 1,
      },
      hostile: true,
    });
  });
  afterAll(() => env?.stop());
  afterEach(async () => {
    env.hostile!.answer = undefined;
    // However the export ended, it closed its point in time and gave the user's slot back.
    await eventually(async () => (await openPits()) === 0);
    const next = await env.admin.post('/api/alerts/search', { body: { ...lastDay, size: 1 } });
    expect(next.status).toBe(200);
  });

  /** Points in time open on the stand-in (behind the proxy). */
  async function openPits(): Promise<number> {
    const basic = Buffer.from(`${INDEXER_USER.username}:${INDEXER_USER.password}`);
    const response = await fetch(`${env.indexer.url}/_search/point_in_time/_all`, {
      headers: { authorization: `Basic ${basic.toString('base64')}` },
    });
    return ((await response.json()) as { pits: unknown[] }).pits.length;
  }

  /** `POST /api/alerts/csv`, its body still to be read. */
  function startDownload(signal?: AbortSignal): Promise<Response> {
    const basic = Buffer.from(`admin:${env.dashboard.adminPassword}`).toString('base64');
    return fetch(`${env.dashboard.url}/api/alerts/csv`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'osd-xsrf': 'test',
        authorization: `Basic ${basic}`,
        // Uncompressed, so each page reaches the downloader as it is written.
        'accept-encoding': 'identity',
      },
      body: JSON.stringify(EXPORT),
      signal,
    });
  }

  /** The whole download; `complete` is false when it broke off. */
  async function download() {
    const response = await startDownload();
    let text = '';
    let complete = true;
    try {
      text = await response.text();
    } catch {
      complete = false;
    }
    return { status: response.status, text, complete };
  }

  it.each(REFUSED)(
    'answers %s on the first page with a typed error',
    async (_name, answer, status, code) => {
      env.hostile!.answer = onPages(answer);
      const response = await download();
      expect(response.status).toBe(status);
      expect(JSON.parse(response.text)).toMatchObject({ statusCode: status, attributes: { code } });
    },
  );

  // Later pages ask for no total, so an answer without one is right there.
  const refusedLater = REFUSED.filter(([name]) => name !== 'no totals');
  it.each(refusedLater)('breaks the download when a later page is %s', async (_name, answer) => {
    env.hostile!.answer = onPages(answer, 'later');
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.complete).toBe(false);
  });

  it('writes only the hits asked for when a page holds more', async () => {
    // The first page (1,000 asked) gets 3,000 more after its own.
    env.hostile!.answer = onPages(async ({ asked, upstream, response }) => {
      const answer = (await upstream()) as Answer;
      if (asked.search_after === undefined)
        answer.hits.hits.push(...Array.from({ length: 3_000 }, () => EXTRA_HIT));
      sendJson(response, answer);
    });
    const response = await download();
    expect(response.status).toBe(200);
    const lines = response.text.trim().split('\n');
    expect(lines).toHaveLength(ALERTS + 1);
    expect(response.text).not.toContain('EXTRA');
  });

  it('stops reading the indexer when the downloader leaves during a page', async () => {
    const pageClosed = deferred<number>();
    env.hostile!.answer = onPages(
      trickling(() => pageClosed.resolve(performance.now())),
      'later',
    );
    const leaving = new AbortController();
    const response = await startDownload(leaving.signal);
    expect(response.status).toBe(200);
    // The first page arrives; the second trickles until the downloader goes away.
    await response.body!.getReader().read();
    const leftAt = performance.now();
    leaving.abort();
    // The page's connection is cut because the downloader left, not by the time limit.
    expect((await pageClosed.promise) - leftAt).toBeLessThan(REQUEST_TIMEOUT_MS);
  });

  it('keeps serving the status after all of it', async () => {
    expect((await env.admin.get('/api/status')).status).toBe(200);
  });
});
