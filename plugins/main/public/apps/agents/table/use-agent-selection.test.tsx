import { act, renderHook } from '@testing-library/react';
import type { Agent } from '../../../services/managed-api-types';
import { useAgentSelection, type AgentsFilter } from './use-agent-selection';

const agents = ['001', '002'].map((id) => ({ id, name: `web-${id}` }) as Agent);
const page = { items: agents, total: 40 };

function render(filter: AgentsFilter) {
  return renderHook(({ current }) => useAgentSelection(current, page), {
    initialProps: { current: filter },
  });
}

describe('useAgentSelection', () => {
  it('selects ticked rows, then every agent of the filter on request', () => {
    const { result } = render({ status: 'active' });
    expect(result.current.selection).toBeUndefined();
    act(() => result.current.selectRows(agents));
    expect(result.current.wholePageSelected).toBe(true);
    expect(result.current.selection).toEqual({ kind: 'agents', agents });
    act(() => result.current.setWholeFilter(true));
    expect(result.current.selection).toEqual({
      kind: 'filter',
      filter: { status: 'active' },
      total: 40,
    });
  });

  it('drops the whole filter when a row is unticked', () => {
    const { result } = render({});
    act(() => result.current.selectRows(agents));
    act(() => result.current.setWholeFilter(true));
    act(() => result.current.selectRows(agents.slice(1)));
    expect(result.current.selection).toEqual({ kind: 'agents', agents: agents.slice(1) });
  });

  it('forgets the choice when the filter changes', () => {
    const { result, rerender } = render({ q: 'os.platform=ubuntu' });
    act(() => result.current.selectRows(agents));
    act(() => result.current.setWholeFilter(true));
    rerender({ current: { q: 'os.platform=centos' } });
    expect(result.current.selection).toBeUndefined();
    expect(result.current.wholeFilter).toBe(false);
  });
});
