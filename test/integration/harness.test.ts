// A test environment whose start fails part-way stops what it had started, so the run can exit.
import { eventually } from '../support/waiting';
import { startMainTestEnv } from './main/support';
import { stopIfNextFails } from './harness';

describe('stopIfNextFails', () => {
  test('stops what started when the next step throws, and passes the error on', async () => {
    const stop = jest.fn(async () => {});
    const failure = new Error('the dashboard did not start');
    await expect(
      stopIfNextFails({ stop }, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  test('leaves what started running when the next step succeeds', async () => {
    const stop = jest.fn(async () => {});
    await expect(stopIfNextFails({ stop }, async () => 'started')).resolves.toBe('started');
    expect(stop).not.toHaveBeenCalled();
  });

  test('a dashboard refusing its config leaves no server of the environment listening', async () => {
    const listening = () =>
      process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
    const before = listening();
    await expect(startMainTestEnv({ svc: { hosts: 'not a list of hosts' } })).rejects.toThrow(
      /hosts/,
    );
    // A closed server's handle is released after its close callback: wait for it, not a time.
    await eventually(() => listening() === before, 5_000);
  });
});
