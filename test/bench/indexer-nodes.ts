/**
 * Nodes of one indexer cluster for the soak: TCP relays in front of one indexer stand-in, each on its
 * own port, that can be stopped (listener closed, open connections cut, as a node that went down)
 * and started again on the same port. The stand-in's data, points in time included, is the
 * cluster's, so every node answers for all of it, as OpenSearch's coordinating nodes do.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface IndexerNode {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen((server.address() as { port: number }).port);
    });
  });
}

export async function startIndexerNode(target: string): Promise<IndexerNode> {
  const { hostname, port: targetPort } = new URL(target);
  const open = new Set<Socket>();
  const relay = (socket: Socket) => {
    const upstream = connect(Number(targetPort), hostname);
    for (const end of [socket, upstream]) {
      open.add(end);
      end.once('close', () => open.delete(end));
      end.once('error', () => {
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  };
  let server = createServer(relay);
  const port = await listen(server, 0);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolveStop) => {
        server.close(() => resolveStop());
        for (const socket of open) socket.destroy();
      }),
    start: async () => {
      server = createServer(relay);
      await listen(server, port);
    },
  };
}
