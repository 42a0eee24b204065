import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SvcServicesProvider } from '../../components/services-context';
import { createMockHttp } from '../../test-support/mock-http';
import { createTestServices } from '../../test-support/test-services';
import { useConfirmedAction } from './use-confirmed-action';

function setup() {
  const mock = createMockHttp({ 'POST /utils/logs/ui': () => ({}) });
  const test = createTestServices(mock);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SvcServicesProvider services={test.services}>{children}</SvcServicesProvider>
  );
  const { result } = renderHook(() => useConfirmedAction(), { wrapper });
  return { ...test, act: result.current };
}

const question = { title: 'Remove agent 003?', text: 'web-003 is removed.', confirm: 'Remove' };
const outcome = { done: 'Agent 003 removed', failure: 'Remove: agent 003' };

describe('useConfirmedAction', () => {
  it('asks first, then runs the action and says it was done', async () => {
    const { act, confirm, toasts } = setup();
    const run = jest.fn(async () => undefined);
    await expect(act({ ...question, danger: true }, run, outcome)).resolves.toBe(true);
    expect(confirm).toHaveBeenCalledWith('web-003 is removed.', {
      title: 'Remove agent 003?',
      confirmButtonText: 'Remove',
      cancelButtonText: 'Cancel',
      buttonColor: 'danger',
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([
      {
        color: 'success',
        toast: { title: 'Agent 003 removed', 'data-test-subj': 'agentActionDone' },
      },
    ]);
  });

  it('does nothing when the user declines', async () => {
    const { act, confirm, toasts } = setup();
    confirm.mockResolvedValueOnce(false);
    const run = jest.fn(async () => undefined);
    await expect(act(question, run, outcome)).resolves.toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('reports a failure with what was being done', async () => {
    const { act, toasts } = setup();
    const failed = act(question, () => Promise.reject(new Error('agent is gone')), outcome);
    await expect(failed).resolves.toBe(false);
    expect(toasts).toEqual([
      expect.objectContaining({
        color: 'danger',
        toast: expect.objectContaining({ title: expect.stringContaining('Remove: agent 003') }),
      }),
    ]);
  });
});
