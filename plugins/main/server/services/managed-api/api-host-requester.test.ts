import { contractRequester, type ApiHostRequestOptions } from './api-host-requester';

describe('contractRequester', () => {
  it("passes the contract's apiHostID on as apiHostId, with every other option and the answer", async () => {
    const calls: Array<{
      method: string;
      path: string;
      body: unknown;
      options: ApiHostRequestOptions;
    }> = [];
    const requester = contractRequester({
      request: async <T>(
        method: string,
        path: string,
        body: unknown,
        options: ApiHostRequestOptions,
      ) => {
        calls.push({ method, path, body, options });
        return { status: 201, headers: { 'x-one': '1' }, data: { done: true } as T };
      },
    });
    const signal = new AbortController().signal;

    const answer = await requester.request(
      'PUT',
      '/agents/restart',
      { all: true },
      {
        apiHostID: 'prod',
        signal,
        timeout: 5000,
        headers: { 'x-extra': 'yes' },
      },
    );

    expect(answer).toEqual({ status: 201, headers: { 'x-one': '1' }, data: { done: true } });
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/agents/restart',
        body: { all: true },
        options: { apiHostId: 'prod', signal, timeout: 5000, headers: { 'x-extra': 'yes' } },
      },
    ]);
  });

  it('rejects as the requester it wraps does', async () => {
    const failure = new Error('unreachable');
    const requester = contractRequester({ request: () => Promise.reject(failure) });
    await expect(requester.request('GET', '/', undefined, { apiHostID: 'prod' })).rejects.toBe(
      failure,
    );
  });
});
