import { act, fireEvent, render, screen } from '@testing-library/react';
import { EuiProvider } from '@elastic/eui';
import '../../../test-support/test-services';
import { AlertsTimePicker } from './alerts-time-picker';

function renderPicker(refreshSeconds?: number) {
  const handlers = { onTimeChange: jest.fn(), onRefreshChange: jest.fn(), onRefresh: jest.fn() };
  render(
    <EuiProvider colorMode="light" globalStyles={false} utilityClasses={false}>
      <AlertsTimePicker
        timeRange={{ from: 'now-24h', to: 'now' }}
        refreshSeconds={refreshSeconds}
        {...handlers}
      />
    </EuiProvider>,
  );
  return handlers;
}

describe('the alerts time picker', () => {
  afterEach(() => jest.useRealTimers());

  it('offers the commonly used ranges and gives the one picked as date math', () => {
    const { onTimeChange } = renderPicker();
    fireEvent.click(screen.getByTestId('superDatePickerToggleQuickMenuButton'));
    fireEvent.click(screen.getByText('Last 7 days'));
    expect(onTimeChange).toHaveBeenCalledWith({ from: 'now-7d', to: 'now' });
  });

  it('refreshes every N seconds while auto-refresh is on', async () => {
    jest.useFakeTimers();
    const running = renderPicker(30);
    await act(async () => jest.advanceTimersByTime(29_000));
    expect(running.onRefresh).not.toHaveBeenCalled();
    // The next interval starts once the previous refresh settled.
    for (let tick = 1; tick <= 3; tick += 1) {
      await act(async () => jest.advanceTimersByTime(tick === 1 ? 1_000 : 30_000));
      expect(running.onRefresh).toHaveBeenCalledTimes(tick);
    }
  });

  it('stays still when paused', () => {
    jest.useFakeTimers();
    const paused = renderPicker(undefined);
    act(() => jest.advanceTimersByTime(120_000));
    expect(paused.onRefresh).not.toHaveBeenCalled();
  });
});
