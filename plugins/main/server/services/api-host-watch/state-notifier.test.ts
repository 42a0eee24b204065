import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRecordingLogger } from '@host/server/saved-objects/testing';
import type { Logger } from '@host/server/types';
import {
  logChannel,
  ApiHostStateNotifier,
  webhookChannel,
  type ApiHostStateChange,
} from './state-notifier';

const LOSS: ApiHostStateChange = {
  topic: 'api-host-status',
  severity: 'warning',
  message: 'API host [prod] is not usable: connection refused',
  apiHostId: 'prod',
  at: '2026-11-25T10:00:00.000Z',
  details: { usable: false },
};

interface Receiver {
  url: string;
  received: Array<{ body: unknown; contentType?: string }>;
  /** Answers held back until released, to keep deliveries under way. */
  hold: boolean;
  release(): void;
  close(): Promise<void>;
}

async function startReceiver(status = 204): Promise<Receiver> {
  const held: Array<() => void> = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    hold: false,
    release: () => held.splice(0).forEach((answer) => answer()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  };
  const server: Server = createServer(async (request, response) => {
    receiver.received.push({
      body: await readBody(request),
      contentType: request.headers['content-type'],
    });
    const answer = () => response.writeHead(status).end();
    if (receiver.hold) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/secret-token-123`;
  return receiver;
}

/** The webhook channel of a test: a generous timeout, `maxInFlight` deliveries at once. */
function webhookTo(receiver: Receiver, logger: Logger, maxInFlight: number) {
  return webhookChannel({ url: receiver.url, timeoutMs: 5_000, maxInFlight, logger });
}

describe('ApiHostStateNotifier', () => {
  it('logs a loss as a warning and a recovery as info, with the host id', async () => {
    const logger = createRecordingLogger();
    const notifier = new ApiHostStateNotifier([logChannel(logger)]);
    await notifier.notify(LOSS);
    await notifier.notify({ ...LOSS, severity: 'info', message: 'API host [prod] is usable' });
    expect(logger.records.map((record) => [record.level, record.message])).toEqual([
      ['warn', LOSS.message],
      ['info', 'API host [prod] is usable'],
    ]);
  });

  it('POSTs the notification as JSON to the webhook', async () => {
    const receiver = await startReceiver();
    try {
      const logger = createRecordingLogger();
      const channel = webhookTo(receiver, logger, 4);
      await new ApiHostStateNotifier([channel]).notify(LOSS);
      expect(receiver.received).toEqual([{ body: LOSS, contentType: 'application/json' }]);
      expect(logger.records).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('logs a refused or unreachable webhook by its origin only, never its secret path', async () => {
    const receiver = await startReceiver(500);
    const logger = createRecordingLogger();
    const refusing = webhookTo(receiver, logger, 4);
    await refusing.deliver(LOSS);
    await receiver.close();
    await refusing.deliver(LOSS);
    const messages = logger.records.map((record) => record.message);
    expect(messages[0]).toMatch(/refused a notification with status 500/);
    expect(messages[1]).toMatch(/could not be reached/);
    expect(messages.join('\n')).not.toContain('secret-token-123');
  });

  it('drops what is past the in-flight bound instead of queueing it', async () => {
    const receiver = await startReceiver();
    receiver.hold = true;
    try {
      const logger = createRecordingLogger();
      const channel = webhookTo(receiver, logger, 2);
      const first = [channel.deliver(LOSS), channel.deliver(LOSS)];
      await channel.deliver(LOSS);
      expect(logger.records.map((record) => record.message)).toEqual([
        expect.stringContaining('dropped: 2 deliveries are still under way'),
      ]);
      await new Promise<void>((resolve) => {
        const poll = () => (receiver.received.length === 2 ? resolve() : setImmediate(poll));
        poll();
      });
      receiver.release();
      await Promise.all(first);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
