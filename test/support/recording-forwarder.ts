/**
 * A pass-through in front of a managed API that keeps every request as it arrived (method, URL,
 * headers, body bytes), so a test can see what the dashboard sent while the real API (the simulator)
 * still answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordingForwarder {
  port: number;
  requests: ForwardedRequest[];
  stop(): Promise<void>;
}

export async function startRecordingForwarder(targetPort: number): Promise<RecordingForwarder> {
  const requests: ForwardedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: body.toString('utf8'),
      });
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: targetPort,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: `127.0.0.1:${targetPort}` },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => {
        response.writeHead(502);
        response.end(error.message);
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
