import { renderHook } from '@testing-library/react';
import { useVisiblePolling } from './use-visible-polling';

function showPage(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useVisiblePolling', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    showPage('visible');
  });
  afterEach(() => jest.useRealTimers());

  it('polls every interval while enabled and the page is shown', () => {
    const poll = jest.fn();
    const { rerender, unmount } = renderHook(
      ({ enabled }) => useVisiblePolling(enabled, 5000, poll),
      { initialProps: { enabled: false } },
    );
    jest.advanceTimersByTime(20_000);
    expect(poll).not.toHaveBeenCalled();
    rerender({ enabled: true });
    jest.advanceTimersByTime(4999);
    expect(poll).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(poll).toHaveBeenCalledTimes(3);
    unmount();
    jest.advanceTimersByTime(10_000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('pauses while the tab is hidden and reads at once when it is shown again', () => {
    const poll = jest.fn();
    renderHook(() => useVisiblePolling(true, 5000, poll));
    showPage('hidden');
    jest.advanceTimersByTime(60_000);
    expect(poll).not.toHaveBeenCalled();
    showPage('visible');
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('does not start while the page is hidden', () => {
    showPage('hidden');
    const poll = jest.fn();
    renderHook(() => useVisiblePolling(true, 5000, poll));
    jest.advanceTimersByTime(30_000);
    expect(poll).not.toHaveBeenCalled();
  });
});
