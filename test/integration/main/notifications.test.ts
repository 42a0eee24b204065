import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

interface Delivered {
  severity: string;
  apiHostId: string;
  message: string;
}

describe('API host status notifications to a webhook', () => {
  let env: MainTestEnv;
  let receiver: Server;
  const delivered: Delivered[] = [];
  const waiting: Array<(notification: Delivered) => void> = [];

  /** The next notification the webhook receives (one already received and not yet taken counts). */
  function next(): Promise<Delivered> {
    const ready = delivered.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
  }

  beforeAll(async () => {
    receiver = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      response.writeHead(204).end();
      const notification = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivered;
      const taker = waiting.shift();
      if (taker) taker(notification);
      else delivered.push(notification);
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const { port } = receiver.address() as AddressInfo;
    env = await startMainTestEnv({
      svc: { notifications: { webhookUrl: `http://127.0.0.1:${port}/hook?token=s3cret` } },
    });
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
    receiver.close();
  });

  it('tells the webhook when a host is usable, stops being usable, and comes back', async () => {
    expect(await next()).toMatchObject({ severity: 'info', apiHostId: HOST_ID });

    env.simulator.faults.refuseConnections = true;
    await env.admin.post('/api/check-stored-api', { body: { id: HOST_ID } });
    const loss = await next();
    expect(loss).toMatchObject({ severity: 'warning', apiHostId: HOST_ID });
    expect(loss.message).toContain(`API host [${HOST_ID}] is not usable`);

    // The same state checked again is no news.
    await env.admin.post('/api/check-stored-api', { body: { id: HOST_ID } });
    env.simulator.resetFaults();
    await env.admin.post('/api/check-stored-api', { body: { id: HOST_ID } });
    expect(await next()).toMatchObject({ severity: 'info', apiHostId: HOST_ID });
    expect(env.dashboard.logs().some((line) => line.includes('s3cret'))).toBe(false);
  });
});
