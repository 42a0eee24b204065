import type { ManagedApiRequester, ManagedApiResponse } from '@main/server/types';
import {
  ApiHostNotFoundError,
  ApiHostTimeoutError,
  ApiHostUnreachableError,
  ApiLoginError,
  MalformedApiResponseError,
} from '@main/server/services/managed-api/errors';
import { UpdateCheckError } from '../errors';
import { createVersionCheckClient } from './version-check-client';

function requesterAnswering(answer: () => Promise<ManagedApiResponse<unknown>>) {
  const calls: Array<{ method: string; path: string; apiHostID: string }> = [];
  const requester: ManagedApiRequester = {
    request: (async (
      method: string,
      path: string,
      _body: unknown,
      options: { apiHostID: string },
    ) => {
      calls.push({ method, path, apiHostID: options.apiHostID });
      return answer();
    }) as ManagedApiRequester['request'],
  };
  return { requester, calls };
}

const ok = (data: unknown): Promise<ManagedApiResponse<unknown>> =>
  Promise.resolve({ status: 200, headers: {}, data: { data, error: 0 } });

const checkData = {
  uuid: '6f1d2c3b-8a9e-4f70-b1c2-d3e4f5a6b7c8',
  last_check_date: '2025-03-10T06:00:01.482913+00:00',
  current_version: 'v4.8.0',
  update_check: true,
  last_available_major: { tag: 'v5.0.0', title: 'Release 5.0.0' },
  last_available_minor: {},
  last_available_patch: { tag: 'v4.8.2' },
};

async function failure(promise: Promise<unknown>): Promise<UpdateCheckError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpdateCheckError) return error;
    throw error;
  }
  throw new Error('expected the check to fail');
}

describe('version check client', () => {
  it('asks the host for its version check with its own id and reads version and releases', async () => {
    const { requester, calls } = requesterAnswering(() => ok(checkData));
    const check = await createVersionCheckClient(requester)('manager-1', { force: false });
    expect(calls).toEqual([
      { method: 'GET', path: '/manager/version/check', apiHostID: 'manager-1' },
    ]);
    expect(check).toEqual({
      currentVersion: '4.8.0',
      releases: [checkData.last_available_major, {}, checkData.last_available_patch],
    });
  });

  it('asks the host to query its release feed now when forced', async () => {
    const { requester, calls } = requesterAnswering(() => ok(checkData));
    await createVersionCheckClient(requester)('manager-1', { force: true });
    expect(calls[0].path).toBe('/manager/version/check?force_query=true');
  });

  it('says clearly that update checking is disabled on the host', async () => {
    const { requester } = requesterAnswering(() =>
      ok({ ...checkData, update_check: false, last_available_major: {} }),
    );
    const error = await failure(createVersionCheckClient(requester)('manager-1', { force: false }));
    expect(error).toMatchObject({ statusCode: 409, code: 'update_check_disabled' });
    expect(error.message).toMatch(/Update checking is disabled on API host \[manager-1\]/);
  });

  it('turns an upstream error answer into a 502 carrying its title, detail and code', async () => {
    const body = {
      title: 'Wazuh Internal Error',
      detail: 'Error in CTI service request: timeout',
      error: 2100,
    };
    const { requester } = requesterAnswering(() =>
      Promise.resolve({ status: 500, headers: {}, data: body }),
    );
    const error = await failure(createVersionCheckClient(requester)('manager-1', { force: false }));
    expect(error).toMatchObject({
      statusCode: 502,
      code: 'upstream_error',
      upstream: { status: 500, error: 2100, title: body.title, detail: body.detail },
    });
    expect(error.message).toBe(
      'API host [manager-1] failed to check for updates: HTTP 500 (error 2100): Wazuh Internal Error: Error in CTI service request: timeout',
    );
  });

  it('reads the detail of an error envelope in the {data: {title, detail}} shape', async () => {
    const body = {
      data: { title: 'Permission denied', detail: 'manager:read' },
      message: 'denied',
      error: 4000,
    };
    const { requester } = requesterAnswering(() =>
      Promise.resolve({ status: 403, headers: {}, data: body }),
    );
    const error = await failure(createVersionCheckClient(requester)('m', { force: true }));
    expect(error.upstream).toEqual({
      status: 403,
      error: 4000,
      title: 'Permission denied',
      detail: 'manager:read',
    });
  });

  it('treats a 200 answer with a non-zero error code as a failure', async () => {
    const { requester } = requesterAnswering(() =>
      Promise.resolve({
        status: 200,
        headers: {},
        data: { data: {}, message: 'daemon not ready', error: 1017 },
      }),
    );
    const error = await failure(createVersionCheckClient(requester)('m', { force: false }));
    expect(error).toMatchObject({
      statusCode: 502,
      upstream: { error: 1017, detail: 'daemon not ready' },
    });
  });

  it('answers 504 when the host does not answer in time and 502 when it cannot be reached', async () => {
    const timeout = new ApiHostTimeoutError('API host [m] did not answer within 60000 ms', 'm', {
      code: 'ETIMEDOUT',
    });
    const refused = new ApiHostUnreachableError('connect ECONNREFUSED 127.0.0.1:55000', 'm', {
      code: 'ECONNREFUSED',
    });
    const timedOut = await failure(
      createVersionCheckClient(requesterAnswering(() => Promise.reject(timeout)).requester)('m', {
        force: false,
      }),
    );
    const unreachable = await failure(
      createVersionCheckClient(requesterAnswering(() => Promise.reject(refused)).requester)('m', {
        force: false,
      }),
    );
    expect(timedOut).toMatchObject({
      statusCode: 504,
      code: 'upstream_timeout',
      upstream: { detail: timeout.message },
    });
    expect(unreachable).toMatchObject({
      statusCode: 502,
      code: 'upstream_error',
      upstream: { detail: refused.message },
    });
    expect(unreachable.message).toContain('ECONNREFUSED');
  });

  it('keeps what the svc client knew of the upstream, and answers 404 for a host removed meanwhile', async () => {
    const loginFailed = new ApiLoginError('API host [m] refused the stored credentials', 'm', {
      status: 401,
      title: 'Unauthorized',
      detail: 'Invalid credentials',
    });
    const removed = new ApiHostNotFoundError('m');
    const refused = await failure(
      createVersionCheckClient(requesterAnswering(() => Promise.reject(loginFailed)).requester)(
        'm',
        { force: false },
      ),
    );
    const gone = await failure(
      createVersionCheckClient(requesterAnswering(() => Promise.reject(removed)).requester)('m', {
        force: false,
      }),
    );
    expect(refused).toMatchObject({
      statusCode: 502,
      upstream: { status: 401, title: 'Unauthorized', detail: 'Invalid credentials' },
    });
    expect(gone).toMatchObject({ statusCode: 404, code: 'api_host_not_found' });
  });

  it("reads svc's errors by their type: a cut-short body is unusable, a look-alike is not trusted", async () => {
    const check = (error: Error) =>
      failure(
        createVersionCheckClient(requesterAnswering(() => Promise.reject(error)).requester)('m', {
          force: false,
        }),
      );
    const cutShort = await check(new MalformedApiResponseError('body ended early', 'm'));
    const lookAlike = await check(
      Object.assign(new Error('not from svc'), { statusCode: 404, code: 'host_not_found' }),
    );
    expect(cutShort).toMatchObject({ statusCode: 502, code: 'upstream_invalid_response' });
    expect(lookAlike).toMatchObject({
      statusCode: 502,
      code: 'upstream_error',
      upstream: { detail: 'not from svc' },
    });
  });

  it('rejects answers without data or without a semantic current_version', async () => {
    const noData = await failure(
      createVersionCheckClient(
        requesterAnswering(() => Promise.resolve({ status: 200, headers: {}, data: 'oops' }))
          .requester,
      )('m', { force: false }),
    );
    const badVersion = await failure(
      createVersionCheckClient(
        requesterAnswering(() => ok({ ...checkData, current_version: 'unknown' })).requester,
      )('m', { force: false }),
    );
    expect(noData).toMatchObject({ statusCode: 502, code: 'upstream_invalid_response' });
    expect(badVersion).toMatchObject({ statusCode: 502, code: 'upstream_invalid_response' });
    expect(badVersion.message).toContain('a current_version that is not a semantic version');
    expect(badVersion.message).not.toContain('unknown');
  });
});
