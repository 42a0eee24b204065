import jwt from 'jsonwebtoken';
import { Deadline } from './deadline';
import { ApiHostTimeoutError, ApiLoginError, ApiRequestAbortedError } from './errors';
import { INTERNAL_IDENTITY } from './identity';
import { TokenStore, type LoginTarget } from './token-store';
import type { HostTransport, UpstreamAnswer } from './transport';

const HOST: LoginTarget = {
  id: 'prod',
  url: 'https://127.0.0.1',
  port: 55000,
  tls_verify: false,
  username: 'wazuh-wui',
  version: '1',
  readPassword: () => 'secret',
};

/** A transport whose logins are settled by the test, one at a time. */
function scriptedTransport() {
  const logins: Array<{
    resolve(answer: UpstreamAnswer): void;
    reject(error: Error): void;
  }> = [];
  const transport = {
    send: () => new Promise<UpstreamAnswer>((resolve, reject) => logins.push({ resolve, reject })),
  } as unknown as HostTransport;
  return { transport, logins };
}

const tokenAnswer = (): UpstreamAnswer => ({
  status: 200,
  headers: {},
  data: { data: { token: jwt.sign({ exp: Math.floor(Date.now() / 1000) + 900 }, 'key') } },
});

const settings = { maxEntries: 10, expirySkewMs: 0, fallbackLifetimeMs: 60_000 };

describe('TokenStore shared logins', () => {
  const deadlines: Deadline[] = [];
  const deadline = (): Deadline => {
    const made = new Deadline(60_000);
    deadlines.push(made);
    return made;
  };
  afterEach(() => deadlines.splice(0).forEach((made) => made.dispose()));

  it('shares one login between concurrent callers', async () => {
    const { transport, logins } = scriptedTransport();
    const store = new TokenStore(transport, settings);
    const first = store.get(HOST, INTERNAL_IDENTITY, deadline());
    const second = store.get(HOST, INTERNAL_IDENTITY, deadline());
    expect(logins).toHaveLength(1);
    logins[0].resolve(tokenAnswer());
    expect((await first).token).toBe((await second).token);
  });

  it.each([
    [
      'ran out of time',
      new ApiHostTimeoutError('API host [prod] did not answer within 2000 ms.', 'prod'),
    ],
    [
      'went away',
      new ApiRequestAbortedError('The request to API host [prod] was cancelled.', 'prod'),
    ],
  ])(
    'logs in anew for a caller with time left when the one that started the login %s',
    async (_case, ownersEnd) => {
      const { transport, logins } = scriptedTransport();
      const store = new TokenStore(transport, settings);
      const owner = store.get(HOST, INTERNAL_IDENTITY, deadline());
      const joiner = store.get(HOST, INTERNAL_IDENTITY, deadline());
      logins[0].reject(ownersEnd);
      await expect(owner).rejects.toBe(ownersEnd);
      // The joiner's own login is asked for once the shared one has failed.
      await new Promise(setImmediate);
      expect(logins).toHaveLength(2);
      logins[1].resolve(tokenAnswer());
      expect((await joiner).fresh).toBe(true);
    },
  );

  it("shares the host's refusal of the login: asking again would be refused too", async () => {
    const { transport, logins } = scriptedTransport();
    const store = new TokenStore(transport, settings);
    const owner = store.get(HOST, INTERNAL_IDENTITY, deadline());
    const joiner = store.get(HOST, INTERNAL_IDENTITY, deadline());
    const refused = new ApiLoginError('API host [prod] refused the login', 'prod');
    logins[0].reject(refused);
    await expect(owner).rejects.toBe(refused);
    await expect(joiner).rejects.toBe(refused);
    expect(logins).toHaveLength(1);
  });

  it('does not log in again for a joiner whose own time is over', async () => {
    const { transport, logins } = scriptedTransport();
    const store = new TokenStore(transport, settings);
    const owner = store.get(HOST, INTERNAL_IDENTITY, deadline());
    const joinerDeadline = deadline();
    const joiner = store.get(HOST, INTERNAL_IDENTITY, joinerDeadline);
    joinerDeadline.stop('timeout');
    const timeout = new ApiHostTimeoutError(
      'API host [prod] did not answer within 2000 ms.',
      'prod',
    );
    logins[0].reject(timeout);
    await expect(owner).rejects.toBe(timeout);
    await expect(joiner).rejects.toBe(timeout);
    expect(logins).toHaveLength(1);
  });
});
