/**
 * One dashboard and simulator per test file, started before its tests and checked for leaked
 * passwords when it stops.
 */
import {
  leakedSecrets,
  startMainTestEnv,
  type MainTestEnv,
  type MainTestOptions,
} from '../main/support';

/** Registers the file's start and stop; the returned object reads through to the running env. */
export function mainTestEnvPerFile(options?: MainTestOptions): MainTestEnv {
  let started: MainTestEnv | undefined;
  beforeAll(async () => {
    started = await startMainTestEnv(options);
  });
  afterAll(async () => {
    if (!started) return;
    expect(leakedSecrets(started)).toEqual([]);
    await started.stop();
  });
  return new Proxy({} as MainTestEnv, {
    get: (_target, key) => {
      if (!started) throw new Error('The test environment is used before it has started.');
      return Reflect.get(started, key);
    },
  });
}
