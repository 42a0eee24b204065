/** The relayed body on its own: held back, streamed, checked at both ends, aborted when it fails. */
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { Deadline } from './deadline';
import { ApiAnswerTooLargeError, MalformedApiResponseError } from './errors';
import type { Exchange } from './exchange';
import type { HostConnection } from './host-connections';
import { CHECKED_ANSWER_BYTES, RelayedBody } from './relayed-body';

/** A host's answer as node:http gives it: a stream that knows whether it arrived complete. */
class FakeAnswer extends PassThrough {
  complete = false;
  statusCode = 200;
  finishWith(chunk?: string): void {
    this.complete = true;
    this.end(chunk);
  }
}

function relay(upstream: FakeAnswer, options: { holdBack: boolean; maxBytes?: number }) {
  const exchange: Exchange = {
    host: { id: 'prod', url: 'http://localhost', port: 1, tls_verify: true },
    connection: { origin: 'http://localhost:1' } as HostConnection,
    deadline: new Deadline(5_000),
  };
  const body = new RelayedBody(
    upstream as unknown as IncomingMessage,
    exchange,
    options.maxBytes ?? 10 * CHECKED_ANSWER_BYTES,
    true,
    options.holdBack,
  );
  return { body, exchange };
}

async function text(body: RelayedBody): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('RelayedBody', () => {
  it('hands a short answer of unknown length on whole', async () => {
    const upstream = new FakeAnswer();
    const { body } = relay(upstream, { holdBack: true });
    upstream.finishWith('{"a":1}');
    expect((await body.ready)?.toString()).toBe('{"a":1}');
  });

  it('streams a large answer once its first bytes look like JSON', async () => {
    const upstream = new FakeAnswer();
    const { body } = relay(upstream, { holdBack: false });
    upstream.write('[');
    expect(await body.ready).toBeUndefined();
    const large = `"${'x'.repeat(CHECKED_ANSWER_BYTES)}"`;
    upstream.write(large);
    upstream.finishWith(']');
    expect(await text(body)).toBe(`[${large}]`);
  });

  it('refuses before the first byte goes on when the answer does not start like JSON', async () => {
    const upstream = new FakeAnswer();
    const { body } = relay(upstream, { holdBack: false });
    upstream.write('<html>');
    await expect(body.ready).rejects.toBeInstanceOf(MalformedApiResponseError);
  });

  it('aborts a streamed answer that ends before its document does', async () => {
    const upstream = new FakeAnswer();
    const { body } = relay(upstream, { holdBack: false });
    upstream.write('[1,');
    await body.ready;
    upstream.finishWith('2,');
    await expect(text(body)).rejects.toThrow(/ends before the document does/);
  });

  it('aborts a streamed answer that grows past the size limit', async () => {
    const upstream = new FakeAnswer();
    const { body } = relay(upstream, { holdBack: false, maxBytes: 8 });
    upstream.write('[1,2,');
    await body.ready;
    const reading = text(body);
    upstream.write('3,4,5,6]');
    await expect(reading).rejects.toBeInstanceOf(ApiAnswerTooLargeError);
  });

  it('cuts the host answer when its reader goes away', async () => {
    const upstream = new FakeAnswer();
    const { body } = relay(upstream, { holdBack: false });
    upstream.write('[1');
    await body.ready;
    body.destroy();
    expect(upstream.destroyed).toBe(true);
  });
});
