/**
 * The comparator of proxy.bench.ts: about the least a proxy can do for `POST /api/request` — check
 * the session cookie, read `{path}`, send it with a bearer token over a keep-alive connection, pipe
 * status, content type and body back. Run as its own process:
 *   UPSTREAM=http://127.0.0.1:55000 TOKEN=… COOKIE=name=value CLIENT=http|undici node minimal-proxy.ts
 */
import http from 'node:http';
import { Pool } from 'undici';

const upstream = new URL(process.env.UPSTREAM as string);
const authorization = `Bearer ${process.env.TOKEN as string}`;
const cookie = process.env.COOKIE as string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const pool = new Pool(upstream.origin, { connections: 64, pipelining: 1 });

type Relay = (path: string, response: http.ServerResponse) => void;

const relayOverHttp: Relay = (path, response) => {
  const outgoing = http.request(
    { host: upstream.hostname, port: upstream.port, path, agent, headers: { authorization } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'application/octet-stream',
      });
      answer.pipe(response);
    },
  );
  outgoing.on('error', () => response.destroy());
  outgoing.end();
};

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

const relay = process.env.CLIENT === 'undici' ? relayOverUndici : relayOverHttp;

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
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`minimal proxy listening on http://127.0.0.1:${port}`);
});
