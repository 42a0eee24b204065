import { act, renderHook, waitFor } from '@testing-library/react';
import type { Readiness, RestartOutcome } from '../../../common/server-operations';
import type { ServerOperationsClient } from '../../services/server-operations-client';
import { useRestart } from './use-restart';

const START = Date.parse('2026-03-02T10:00:00Z');

function fakeClient(answers: Readiness[], waitSeconds = 60) {
  const readiness = jest.fn(async () => answers.shift() ?? { ready: true, nodes: [] });
  const restart = jest.fn(async (): Promise<RestartOutcome> => ({
    nodes: ['worker1'],
    waitUntil: new Date(START + waitSeconds * 1000).toISOString(),
  }));
  return { client: { readiness, restart } as unknown as ServerOperationsClient, readiness };
}

const notYet = (detail: string): Readiness => ({
  ready: false,
  nodes: [{ node: 'worker1', ready: false, detail }],
});

describe('useRestart', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
  });
  afterEach(() => jest.useRealTimers());

  it('asks every 2 s whether the restarted nodes answer, until they do', async () => {
    const { client, readiness } = fakeClient([notYet('daemons restarting')]);
    const { result } = renderHook(() => useRestart(client, 'sim', true));
    await act(() => result.current.restart({ apiHostId: 'sim', node: 'worker1' }));
    expect(result.current.state).toMatchObject({ phase: 'waiting', nodes: ['worker1'] });
    await act(async () => {
      jest.advanceTimersByTime(1_999);
    });
    expect(readiness).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await waitFor(() =>
      expect(result.current.state).toMatchObject({
        phase: 'waiting',
        latest: [{ node: 'worker1', detail: 'daemons restarting' }],
      }),
    );
    await act(async () => {
      jest.advanceTimersByTime(2_000);
    });
    await waitFor(() =>
      expect(result.current.state).toEqual({ phase: 'done', nodes: ['worker1'] }),
    );
    expect(readiness).toHaveBeenCalledWith('sim', ['worker1'], expect.anything());
  });

  it('gives up when the wait is over, naming the nodes that still do not answer', async () => {
    const { client } = fakeClient([notYet('no answer'), notYet('no answer')], 3);
    const { result } = renderHook(() => useRestart(client, 'sim', true));
    await act(() => result.current.restart({ apiHostId: 'sim', node: 'worker1' }));
    await act(async () => {
      jest.advanceTimersByTime(2_000);
    });
    await waitFor(() => expect(result.current.state.phase).toBe('waiting'));
    await act(async () => {
      jest.advanceTimersByTime(2_000);
    });
    await waitFor(() =>
      expect(result.current.state).toEqual({
        phase: 'failed',
        message: 'Still not answering when the wait ended: worker1 (no answer)',
      }),
    );
  });
});
