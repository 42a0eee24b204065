import { LimitReachedError } from '../../service-errors';
import { InFlightLimit } from './in-flight-limit';

describe('requests in flight per user', () => {
  it('refuses a user at the limit with 429 and lets others through, until one ends', async () => {
    const limit = new InFlightLimit(2);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = limit.run('alice', () => held);
    const second = limit.run('alice', () => held);
    await expect(limit.run('alice', async () => 'third')).rejects.toBeInstanceOf(LimitReachedError);
    await expect(limit.run('bob', async () => 'bob')).resolves.toBe('bob');
    finish();
    await Promise.all([first, second]);
    await expect(limit.run('alice', async () => 'again')).resolves.toBe('again');
  });

  it('releases a failed request and counts a release only once', async () => {
    const limit = new InFlightLimit(1);
    await expect(limit.run('alice', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    const release = limit.acquire('alice');
    release();
    release();
    const again = limit.acquire('alice');
    expect(() => limit.acquire('alice')).toThrow(LimitReachedError);
    again();
  });
});
