/**
 * The comparator of proxy.bench.ts: about the least a proxy can do for `POST /api/request` — check
 * the session cookie, read `{path}`, send it with a bearer token over a keep-alive connection, pipe
 * status, content type and body back. Run as its own process:
 *   UPSTREAM=http://127.0.0.1:55000 TOKEN=… COOKIE=name=value CLIENT=http|undici|fastify node minimal-proxy.ts
 * `fastify` is the node:http one as a Fastify route (Fastify's JSON body parser and reply), to tell
 * what the framework the dashboard is built on costs from what the dashboard does on it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Pool } from 'undici';

const upstream = new URL(process.env.UPSTREAM as string);
const authorization = `Bearer ${process.env.TOKEN as string}`;
const cookie = process.env.COOKIE as string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const pool = new Pool(upstream.origin, { connections: 64, pipelining: 1 });

type Relay = (path: string, response: http.ServerResponse) => void;

function requestUpstream(
  path: string,
  onAnswer: (answer: http.IncomingMessage) => void,
  onError: () => void,
): void {
  const outgoing = http.request(
    { host: upstream.hostname, port: upstream.port, path, agent, headers: { authorization } },
    onAnswer,
  );
  outgoing.on('error', onError);
  outgoing.end();
}

const relayOverHttp: Relay = (path, response) =>
  requestUpstream(
    path,
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'application/octet-stream',
      });
      answer.pipe(response);
    },
    () => response.destroy(),
  );

const relayOverUndici: Relay = (path, response) => {
  pool.request({ method: 'GET', path, headers: { authorization } }).then(
    (answer) => {
      const contentType = answer.headers['content-type'];
      response.writeHead(answer.statusCode, {
        'content-type': typeof contentType === 'string' ? contentType : 'application/octet-stream',
      });
      answer.body.pipe(response);
    },
    () => response.destroy(),
  );
};

function listening(port: number): void {
  console.log(`minimal proxy listening on http://127.0.0.1:${port}`);
}

function serveOnNodeHttp(relay: Relay): void {
  const server = http.createServer((request, response) => {
    if (request.headers.cookie !== cookie) {
      response.writeHead(401).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { path } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { path: string };
      relay(path, response);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => listening((server.address() as AddressInfo).port));
}

function serveOnFastify(): void {
  const app = Fastify({ keepAliveTimeout: 60_000 });
  app.post('/api/request', (request, reply) => {
    if (request.headers.cookie !== cookie) {
      reply.code(401).send();
      return;
    }
    requestUpstream(
      (request.body as { path: string }).path,
      (answer) =>
        reply
          .code(answer.statusCode ?? 502)
          .header('content-type', answer.headers['content-type'] ?? 'application/octet-stream')
          .send(answer),
      () => reply.raw.destroy(),
    );
  });
  void app
    .listen({ port: 0, host: '127.0.0.1' })
    .then(() => listening((app.server.address() as AddressInfo).port));
}

if (process.env.CLIENT === 'fastify') serveOnFastify();
else serveOnNodeHttp(process.env.CLIENT === 'undici' ? relayOverUndici : relayOverHttp);
