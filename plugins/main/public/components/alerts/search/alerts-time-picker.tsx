/**
 * The alerts views' time picker: EUI's super date picker (quick, commonly used, relative and
 * absolute ranges as date math) with auto-refresh every N seconds.
 */
import {
  EuiSuperDatePicker,
  type OnRefreshChangeProps,
  type OnTimeChangeProps,
} from '@elastic/eui';
import type { AlertsTimeRange } from '../../../../common/alerts/api';

/** The ranges the original offers first (OpenSearch Dashboards' `timepicker:quickRanges`). */
const COMMONLY_USED_RANGES = [
  { start: 'now/d', end: 'now/d', label: 'Today' },
  { start: 'now/w', end: 'now/w', label: 'This week' },
  { start: 'now-15m', end: 'now', label: 'Last 15 minutes' },
  { start: 'now-1h', end: 'now', label: 'Last 1 hour' },
  { start: 'now-24h', end: 'now', label: 'Last 24 hours' },
  { start: 'now-7d', end: 'now', label: 'Last 7 days' },
  { start: 'now-30d', end: 'now', label: 'Last 30 days' },
  { start: 'now-90d', end: 'now', label: 'Last 90 days' },
  { start: 'now-1y', end: 'now', label: 'Last 1 year' },
];

/** Interval offered when the user turns auto-refresh on from the paused state. */
const DEFAULT_REFRESH_SECONDS = 10;

export function AlertsTimePicker({
  timeRange,
  refreshSeconds,
  isLoading,
  onTimeChange,
  onRefreshChange,
  onRefresh,
}: {
  timeRange: AlertsTimeRange;
  refreshSeconds?: number;
  isLoading?: boolean;
  onTimeChange(range: AlertsTimeRange): void;
  onRefreshChange(seconds: number | undefined): void;
  /** The refresh button, or the interval's tick. */
  onRefresh(): void;
}) {
  return (
    <div data-test-subj="alertsTimePicker">
      <EuiSuperDatePicker
        start={timeRange.from}
        end={timeRange.to}
        isLoading={isLoading}
        commonlyUsedRanges={COMMONLY_USED_RANGES}
        isPaused={refreshSeconds === undefined}
        refreshInterval={(refreshSeconds ?? DEFAULT_REFRESH_SECONDS) * 1000}
        onTimeChange={({ start, end, isInvalid }: OnTimeChangeProps) => {
          if (!isInvalid) onTimeChange({ from: start, to: end });
        }}
        onRefreshChange={({ isPaused, refreshInterval }: OnRefreshChangeProps) =>
          onRefreshChange(
            isPaused || refreshInterval <= 0 ? undefined : Math.round(refreshInterval / 1000),
          )
        }
        onRefresh={onRefresh}
        width="auto"
      />
    </div>
  );
}
