import { HashQueueFullError } from '../errors';
import { HashQueue } from './hash-queue';

/** A check that finishes when the test says so. */
function pendingCheck() {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve('checked')));
  return { run: () => done, finish };
}

describe('HashQueue', () => {
  it('runs up to `concurrency` checks at once, queues `maxWaiting` more and refuses the rest at once', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 1 });
    const checks = [pendingCheck(), pendingCheck(), pendingCheck()];
    const started: number[] = [];
    const results = checks.map((check, index) =>
      queue.run(() => {
        started.push(index);
        return check.run();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(HashQueueFullError);

    checks[0].finish();
    await expect(results[0]).resolves.toBe('checked');
    await new Promise(setImmediate);
    expect(started).toEqual([0, 1, 2]);
    checks[1].finish();
    checks[2].finish();
    await expect(Promise.all(results)).resolves.toEqual(['checked', 'checked', 'checked']);
    await expect(queue.run(async () => 'free again')).resolves.toBe('free again');
  });

  it('frees the slot of a check that fails', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('store down')))).rejects.toThrow(
      'store down',
    );
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('serves known clients first and never refuses them, even with every place taken', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
    const running = pendingCheck();
    const order: string[] = [];
    const checked = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const first = queue.run(running.run);
    const stranger = queue.run(checked('stranger'));
    await expect(queue.run(checked('refused'))).rejects.toBeInstanceOf(HashQueueFullError);
    const known = queue.run(checked('known'), true);
    running.finish();
    await expect(Promise.all([first, known, stranger])).resolves.toEqual([
      'checked',
      'known',
      'stranger',
    ]);
    expect(order).toEqual(['known', 'stranger']);
    await expect(queue.run(async () => 'free again')).resolves.toBe('free again');
  });
});
