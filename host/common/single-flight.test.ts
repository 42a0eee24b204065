import { singleFlight } from './single-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('shares one run among callers of the same key, and runs again once it settled', async () => {
    const inFlight = new Map<string, Promise<number>>();
    const runs: string[] = [];
    const gate = deferred<number>();
    const task = (key: string) => () => {
      runs.push(key);
      return gate.promise;
    };
    const first = singleFlight(inFlight, 'a', task('a'));
    const second = singleFlight(inFlight, 'a', task('a'));
    const other = singleFlight(inFlight, 'b', task('b'));
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    gate.resolve(7);
    await expect(Promise.all([first, second, other])).resolves.toEqual([7, 7, 7]);
    expect(inFlight.size).toBe(0);
    await singleFlight(inFlight, 'a', () => Promise.resolve(8));
    expect(runs).toEqual(['a', 'b']);
  });

  it('forgets a failed run, so the next caller tries again', async () => {
    const inFlight = new Map<string, Promise<number>>();
    await expect(
      singleFlight(inFlight, 'a', () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(inFlight.size).toBe(0);
    await expect(singleFlight(inFlight, 'a', () => Promise.resolve(1))).resolves.toBe(1);
  });

  it('leaves alone a newer run its owner put in place meanwhile', async () => {
    const inFlight = new Map<string, Promise<number>>();
    const old = deferred<number>();
    const first = singleFlight(inFlight, 'a', () => old.promise);
    inFlight.delete('a');
    const second = singleFlight(inFlight, 'a', () => new Promise<number>(() => undefined));
    old.resolve(1);
    await first;
    expect(inFlight.get('a')).toBe(second);
  });
});
