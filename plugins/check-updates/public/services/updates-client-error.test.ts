import { HttpFetchError } from '@host/public/testing';
import { httpError } from '../test-support/fake-core';
import {
  asUpdatesClientCall,
  toUpdatesClientError,
  UpdatesClientError,
} from './updates-client-error';

describe('UpdatesClientError', () => {
  it("keeps the server's code, message and status of a refused call", () => {
    const error = toUpdatesClientError(
      httpError(409, 'At most 500 dismissed updates are kept', 'too_many_dismissals'),
    );
    expect(error).toBeInstanceOf(UpdatesClientError);
    expect(error).toMatchObject({
      code: 'too_many_dismissals',
      message: 'At most 500 dismissed updates are kept',
      status: 409,
    });
  });

  it('names an answer without a code of the plugin a failed request', () => {
    expect(
      toUpdatesClientError(httpError(500, 'An internal server error occurred.')),
    ).toMatchObject({ code: 'request_failed', status: 500 });
  });

  it('tells a dashboard that could not be reached from one that refused', () => {
    const offline = new HttpFetchError('Failed to fetch', 'TypeError', {
      url: 'http://localhost/api',
    } as Request);
    expect(toUpdatesClientError(offline)).toMatchObject({
      code: 'network_error',
      message: 'The dashboard could not be reached (Failed to fetch).',
      status: undefined,
    });
  });

  it('wraps anything a call rejects with, once', async () => {
    const typed = new UpdatesClientError('no_api_host_selected', 'No API host is selected');
    await expect(asUpdatesClientCall(() => Promise.reject(typed))).rejects.toBe(typed);
    await expect(asUpdatesClientCall(() => Promise.reject('plain text'))).rejects.toMatchObject({
      code: 'request_failed',
      message: 'plain text',
    });
  });
});
