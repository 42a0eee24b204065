/**
 * Test support: a hostile indexer, an HTTP proxy in front of the indexer stand-in that forwards
 * every request unless told how to answer: a gzip bomb, a huge or endless body, a body that trickles,
 * an answer reshaped into what OpenSearch never sends, or any status and body a test writes (an echo
 * of the credentials). It holds nothing big itself: huge bodies are written as they are sent.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createGzip } from 'node:zlib';

/** One request as the proxy got it, with a way to have the stand-in answer it. */
export interface HostileExchange {
  method: string;
  path: string;
  body: string;
  response: http.ServerResponse;
  /** The stand-in's answer to this request. */
  forward(): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>;
}

/** How the proxy answers one request; `false` when it forwards it instead. */
export type HostileAnswer = (exchange: HostileExchange) => boolean | Promise<boolean>;

export interface HostileIndexer {
  url: string;
  /** The answer every request gets; unset: forwarded as it is. */
  answer?: HostileAnswer;
  stop(): Promise<void>;
}

/** Every search (not the status's `GET /` and health, not the point-in-time calls). */
const isSearch = (exchange: HostileExchange) =>
  exchange.method === 'POST' && /\/_search(\?|$)/.test(exchange.path);

/** `answer` for searches only; the rest is forwarded. */
function onSearch(answer: (exchange: HostileExchange) => void | Promise<void>): HostileAnswer {
  return async (exchange) => {
    if (!isSearch(exchange)) return false;
    await answer(exchange);
    return true;
  };
}

/** Writes `total` bytes of `fill` through `into`, as fast as the reader takes them. */
async function writeFill(into: NodeJS.WritableStream, total: number, fill: Buffer): Promise<void> {
  for (let written = 0; written < total; written += fill.length) {
    if (!into.write(fill))
      await new Promise<void>((resolve) => {
        into.once('drain', resolve);
        into.once('close', resolve);
      });
    if ((into as NodeJS.WritableStream & { destroyed?: boolean }).destroyed) return;
  }
  into.end();
}

const SPACES = Buffer.alloc(1024 * 1024, ' ');

/** A gzip body of JSON whitespace that inflates to `inflated` bytes (600 MB by default). */
export function gzipBombBody(inflated = 600 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const gzip = createGzip({ level: 9 });
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    gzip.on('end', () => resolve(Buffer.concat(chunks)));
    gzip.on('error', reject);
    void writeFill(gzip, inflated, SPACES);
  });
}

/** A 200 gzip answer of `body` (see `gzipBombBody`), its length said. */
export function gzipBomb(body: Buffer): HostileAnswer {
  return onSearch(({ response }) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'content-encoding': 'gzip',
      'content-length': body.length,
    });
    response.end(body);
  });
}

/** A 200 answer of `bytes` bytes (300 MB by default), written as it goes, its length said or not. */
export function hugeBody(bytes = 300 * 1024 * 1024, announced = false): HostileAnswer {
  return onSearch(async ({ response }) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      ...(announced && { 'content-length': bytes }),
    });
    await writeFill(response, bytes, SPACES);
  });
}

/** Headers at once, then one byte every `everyMs` until the client leaves. */
export function trickle(everyMs = 1_000): HostileAnswer {
  return onSearch(
    ({ response }) =>
      new Promise<void>((resolve) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        response.write('{');
        // sleep-ok: a peer that trickles is what is asked for
        const timer = setInterval(() => response.write(' '), everyMs);
        response.on('close', () => {
          clearInterval(timer);
          resolve();
        });
      }),
  );
}

/** The stand-in's answer to each search, changed by `reshape` before it is sent. */
export function reshaped(reshape: (answer: Record<string, unknown>) => unknown): HostileAnswer {
  return onSearch(async (exchange) => {
    const { status, body } = await exchange.forward();
    const answer = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    exchange.response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    exchange.response.end(JSON.stringify(reshape(answer)));
  });
}

/** Every request answered with `status` and `body` (text or JSON). */
export function fixedAnswer(status: number, body: unknown, contentType?: string): HostileAnswer {
  return ({ response }) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, {
      'content-type':
        contentType ??
        (typeof body === 'string' ? 'text/plain' : 'application/json; charset=UTF-8'),
    });
    response.end(text);
    return true;
  };
}

export async function startHostileIndexer(target: string): Promise<HostileIndexer> {
  const targetUrl = new URL(target);
  const sockets = new Set<Socket>();
  const forwardOf = (request: http.IncomingMessage, body: Buffer) => () =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const upstream = http.request(
          {
            host: targetUrl.hostname,
            port: targetUrl.port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, host: targetUrl.host, 'accept-encoding': 'identity' },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({
                status: answer.statusCode ?? 502,
                headers: answer.headers,
                body: Buffer.concat(chunks),
              }),
            );
            answer.on('error', reject);
          },
        );
        upstream.on('error', reject);
        upstream.end(body);
      },
    );
  const hostile: HostileIndexer = {
    url: '',
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const exchange: HostileExchange = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        body: body.toString('utf8'),
        response,
        forward: forwardOf(request, body),
      };
      void (async () => {
        try {
          if (hostile.answer && (await hostile.answer(exchange))) return;
          const { status, headers, body: answer } = await exchange.forward();
          const { 'transfer-encoding': _chunked, connection: _connection, ...kept } = headers;
          response.writeHead(status, kept);
          response.end(answer);
        } catch {
          response.destroy();
        }
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostile.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return hostile;
}
