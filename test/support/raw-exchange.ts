/**
 * A raw TCP exchange with an HTTP server, for requests no HTTP client would send (headers or a body
 * that never end).
 */
import { connect } from 'node:net';

/** Sends `text` on a raw socket and resolves with everything the server wrote once it closed the connection. */
export function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}
