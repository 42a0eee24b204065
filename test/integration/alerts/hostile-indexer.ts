/**
 * A proxy in front of the indexer stand-in that, when told to, answers the searches made in a point
 * in time (the alerts CSV export's pages) its own way: a gzip bomb, an answer too large, more hits
 * than asked for, a wrong shape, a body that trickles. Every other request passes through as it is.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Writes the answer to one page search; `upstream()` is what the stand-in answers to it. */
export type PageAnswer = (page: {
  asked: Record<string, unknown>;
  upstream(): Promise<Record<string, unknown>>;
  response: ServerResponse;
}) => void | Promise<void>;

export interface HostileIndexer {
  url: string;
  /** From now on the pages are answered by `answer` (all of them, or those after the first); undefined: passed through. */
  tamper(answer: PageAnswer | undefined, pages?: 'every' | 'later'): void;
  stop(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startHostileIndexer(targetUrl: string): Promise<HostileIndexer> {
  const target = new URL(targetUrl);
  let answer: PageAnswer | undefined;
  let pages: 'every' | 'later' = 'every';

  const forward = (request: IncomingMessage, body: Buffer) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: target.host },
        },
        resolve,
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readAll(request);
    const asked = pageSearch(request, body);
    const tampered = asked && answer && (pages === 'every' || asked.search_after !== undefined);
    if (asked && tampered) {
      await answer!({
        asked,
        upstream: async () =>
          JSON.parse((await readAll(await forward(request, body))).toString('utf8')) as Record<
            string,
            unknown
          >,
        response,
      });
      return;
    }
    const upstream = await forward(request, body);
    response.writeHead(upstream.statusCode ?? 502, upstream.headers);
    upstream.pipe(response);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tamper(next, which = 'every') {
      answer = next;
      pages = which;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The body of a search made in a point in time (`POST /_search` with `pit`), else undefined. */
function pageSearch(request: IncomingMessage, body: Buffer): Record<string, unknown> | undefined {
  if (request.method !== 'POST' || !request.url?.startsWith('/_search')) return undefined;
  if (request.url.startsWith('/_search/')) return undefined;
  const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  return parsed.pit ? parsed : undefined;
}
