/** Failures of an exchange: typed once, named after the host, with the limit's key. */
import { Deadline } from './deadline';
import {
  ApiAnswerTooLargeError,
  ApiHostUnreachableError,
  MalformedApiResponseError,
} from './errors';
import { failure, notJson, tooLarge, type Exchange } from './exchange';
import type { HostConnection } from './host-connections';

function exchange(): Exchange {
  return {
    host: { id: 'prod', url: 'http://localhost', port: 1, tls_verify: true },
    connection: { origin: 'http://localhost:1' } as HostConnection,
    deadline: new Deadline(1_000),
  };
}

describe('exchange failures', () => {
  it('keeps an error already typed and types a network one', () => {
    const current = exchange();
    const typed = tooLarge(current, 10, 200);
    expect(failure(current, typed, true)).toBe(typed);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(failure(current, refused, false)).toBeInstanceOf(ApiHostUnreachableError);
    current.deadline.dispose();
  });

  it('names the host, the size limit and its key', () => {
    const current = exchange();
    const error = tooLarge(current, 10, 200);
    expect(error).toBeInstanceOf(ApiAnswerTooLargeError);
    expect(error.message).toMatch(/API host \[prod\].*10 bytes.*svc\.api\.maxResponseBytes/);
    const malformed = notJson(current, 200, 'it does not start like JSON');
    expect(malformed).toBeInstanceOf(MalformedApiResponseError);
    expect(malformed.message).toContain('answered 200');
    current.deadline.dispose();
  });
});
