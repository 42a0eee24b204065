import { HttpFetchError } from '../../../../host/public/testing';
import { httpError } from '../test-support/fake-core';
import {
  asUpdatesClientCall,
  toUpdatesClientError,
  UpdatesClientError,
} from './updates-client-error';

describe('UpdatesClientError', () => {
  it("keeps the server's code, message and status of a refused call", () => {
    const error = toUpdatesClientError(
      httpError(409, 'At most 500 dismissed updates are kept', 'TOO_MANY_DISMISSALS'),
    );
    expect(error).toBeInstanceOf(UpdatesClientError);
    expect(error).toMatchObject({
      code: 'TOO_MANY_DISMISSALS',
      message: 'At most 500 dismissed updates are kept',
      status: 409,
    });
  });

  it('names an answer without a code of the plugin a failed request', () => {
    expect(
      toUpdatesClientError(httpError(500, 'An internal server error occurred.')),
    ).toMatchObject({ code: 'REQUEST_FAILED', status: 500 });
  });

  it('tells a dashboard that could not be reached from one that refused', () => {
    const offline = new HttpFetchError('Failed to fetch', 'TypeError', {
      url: 'http://localhost/api',
    } as Request);
    expect(toUpdatesClientError(offline)).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'The dashboard could not be reached (Failed to fetch).',
      status: undefined,
    });
  });

  it('wraps anything a call rejects with, once', async () => {
    const typed = new UpdatesClientError('NO_API_HOST_SELECTED', 'No API host is selected');
    await expect(asUpdatesClientCall(() => Promise.reject(typed))).rejects.toBe(typed);
    await expect(asUpdatesClientCall(() => Promise.reject('plain text'))).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      message: 'plain text',
    });
  });
});
