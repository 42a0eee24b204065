import { deferred } from '../../../test/support/waiting';
import { InProcessCoordination } from './coordination';

describe('InProcessCoordination', () => {
  it('withLock skips a task while the same lock is held, and frees it afterwards', async () => {
    const coordination = new InProcessCoordination();
    const gate = deferred();
    const first = coordination.withLock('job', async () => {
      await gate.promise;
      return 'first';
    });
    await expect(coordination.withLock('job', async () => 'second')).resolves.toEqual({
      acquired: false,
    });
    await expect(coordination.withLock('other', async () => 'other')).resolves.toEqual({
      acquired: true,
      result: 'other',
    });
    gate.resolve();
    await expect(first).resolves.toEqual({ acquired: true, result: 'first' });
    await expect(coordination.withLock('job', async () => 'third')).resolves.toEqual({
      acquired: true,
      result: 'third',
    });
  });

  it('frees the lock when the task fails', async () => {
    const coordination = new InProcessCoordination();
    await expect(
      coordination.withLock('job', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    await expect(coordination.withLock('job', async () => 1)).resolves.toEqual({
      acquired: true,
      result: 1,
    });
  });

  it('runExclusive queues tasks in order and withLock sees the lock held meanwhile', async () => {
    const coordination = new InProcessCoordination();
    const order: string[] = [];
    const gate = deferred();
    const a = coordination.runExclusive('users', async () => {
      order.push('a start');
      await gate.promise;
      order.push('a end');
    });
    const b = coordination.runExclusive('users', async () => {
      order.push('b');
    });
    const c = coordination.runExclusive('users', async () => {
      order.push('c');
      throw new Error('c failed');
    });
    const d = coordination.runExclusive('users', async () => {
      order.push('d');
    });
    await expect(coordination.withLock('users', async () => 'x')).resolves.toEqual({
      acquired: false,
    });
    gate.resolve();
    await Promise.all([a, b, expect(c).rejects.toThrow('c failed'), d]);
    expect(order).toEqual(['a start', 'a end', 'b', 'c', 'd']);
    await expect(coordination.withLock('users', async () => 'free')).resolves.toEqual({
      acquired: true,
      result: 'free',
    });
  });

  it('claimRun grants a key to its first caller until the claim ends', async () => {
    let now = 1_000;
    const coordination = new InProcessCoordination(() => now);
    await expect(coordination.claimRun('job:10:00', 30_000)).resolves.toBe(true);
    await expect(coordination.claimRun('job:10:00', 30_000)).resolves.toBe(false);
    await expect(coordination.claimRun('job:10:01', 30_000)).resolves.toBe(true);
    now += 29_999;
    await expect(coordination.claimRun('job:10:00', 30_000)).resolves.toBe(false);
    now += 1;
    await expect(coordination.claimRun('job:10:00', 30_000)).resolves.toBe(true);
  });
});
