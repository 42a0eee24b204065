/**
 * Counts over time as SVG bars, stacked by a split field's top values when the answer has them
 * (alert levels, top agents). Hand-written: the dashboard has no chart library (see charts/), and
 * bars over a date histogram need little. A click on a bar's series or on a legend entry filters.
 */
import { EuiButtonEmpty, EuiFlexGroup, EuiFlexItem, EuiText, useEuiTheme } from '@elastic/eui';
import moment from 'moment';
import type { AlertsBucket } from '../../../../common/alerts/api';

const VIEW_WIDTH = 800;
const VIEW_HEIGHT = 160;
const BAR_GAP = 0.15;

export interface SeriesTotal {
  key: string;
  /** The split value as the answer gave it (a number for `rule.level`), for filters. */
  value: string | number;
  label: string;
  count: number;
}

/** The split values over all buckets, the biggest first (their colours follow this order). */
function seriesOf(buckets: AlertsBucket[]): SeriesTotal[] {
  const totals = new Map<string, SeriesTotal>();
  for (const bucket of buckets)
    for (const part of bucket.split ?? []) {
      const key = String(part.key);
      const total = totals.get(key) ?? { key, value: part.key, label: part.label, count: 0 };
      total.count += part.count;
      totals.set(key, total);
    }
  return [...totals.values()].sort((a, b) => b.count - a.count);
}

function bucketTime(bucket: AlertsBucket): number {
  return typeof bucket.key === 'number'
    ? bucket.key
    : Date.parse(bucket.label || String(bucket.key));
}

function timeFormat(first: number, last: number): string {
  return last - first < 2 * 24 * 3600 * 1000 ? 'HH:mm' : 'MMM D, HH:mm';
}

export function TimeBarsChart({
  id,
  title,
  buckets,
  colors,
  onBarClick,
  onSeriesClick,
}: {
  id: string;
  title: string;
  buckets: AlertsBucket[];
  colors: string[];
  /** A click on a bar's time (the events histogram narrows the range to it). */
  onBarClick?(bucket: AlertsBucket): void;
  /** A click on a series (a split value): filter for it. */
  onSeriesClick?(series: SeriesTotal): void;
}) {
  const { euiTheme } = useEuiTheme();
  const series = seriesOf(buckets);
  const colorOf = new Map(series.map((entry, index) => [entry.key, colors[index % colors.length]]));
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const slot = VIEW_WIDTH / Math.max(1, buckets.length);
  const times = buckets.map(bucketTime);
  const format = timeFormat(times[0] ?? 0, times[times.length - 1] ?? 0);
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const description = `${title}: ${total} alerts in ${buckets.length} intervals, at most ${
    buckets.length ? max : 0
  } in one.`;

  if (buckets.length === 0)
    return (
      <EuiText size="s" color="subdued" data-test-subj={`${id}Empty`}>
        <p>No alerts in this range.</p>
      </EuiText>
    );

  return (
    <figure style={{ margin: 0 }} data-test-subj={`${id}Chart`}>
      <EuiText size="xs" color="subdued">
        <span>{max.toLocaleString('en-US')}</span>
      </EuiText>
      <svg
        width="100%"
        height={VIEW_HEIGHT}
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={description}
        style={{ display: 'block', borderBottom: `1px solid ${euiTheme.colors.lightShade}` }}
      >
        {buckets.map((bucket, index) => {
          const x = index * slot + (slot * BAR_GAP) / 2;
          const width = slot * (1 - BAR_GAP);
          const when = moment(times[index]).format('MMM D, YYYY HH:mm');
          const parts =
            bucket.split && bucket.split.length > 0
              ? bucket.split
              : [{ key: '', label: '', count: bucket.count }];
          let top = VIEW_HEIGHT;
          return (
            <g
              key={String(bucket.key)}
              data-test-subj={`${id}Bar`}
              style={onBarClick ? { cursor: 'pointer' } : undefined}
              onClick={onBarClick ? () => onBarClick(bucket) : undefined}
            >
              {parts.map((part) => {
                const height = (part.count / max) * VIEW_HEIGHT;
                top -= height;
                const key = String(part.key);
                const entry = series.find((candidate) => candidate.key === key);
                return (
                  <rect
                    key={key}
                    x={x}
                    y={top}
                    width={width}
                    height={height}
                    fill={colorOf.get(key) ?? colors[0]}
                    style={onSeriesClick && entry ? { cursor: 'pointer' } : undefined}
                    onClick={
                      onSeriesClick && entry
                        ? (event) => {
                            event.stopPropagation();
                            onSeriesClick(entry);
                          }
                        : undefined
                    }
                  >
                    <title>{`${when}${part.label ? ` · ${part.label}` : ''}: ${part.count}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      <EuiFlexGroup justifyContent="spaceBetween" responsive={false} gutterSize="none">
        <EuiText size="xs" color="subdued">
          <span>{moment(times[0]).format(format)}</span>
        </EuiText>
        <EuiText size="xs" color="subdued">
          <span>{moment(times[times.length - 1]).format(format)}</span>
        </EuiText>
      </EuiFlexGroup>
      {series.length > 0 && (
        <figcaption>
          <EuiFlexGroup gutterSize="xs" wrap responsive={false} data-test-subj={`${id}Legend`}>
            {series.map((entry) => (
              <EuiFlexItem grow={false} key={entry.key}>
                <EuiButtonEmpty
                  size="xs"
                  color="text"
                  onClick={onSeriesClick ? () => onSeriesClick(entry) : undefined}
                  isDisabled={!onSeriesClick}
                  aria-label={`Filter for ${entry.label} (${entry.count} alerts)`}
                  data-test-subj={`${id}Legend-${entry.key}`}
                >
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      marginRight: 6,
                      background: colorOf.get(entry.key),
                    }}
                  />
                  {entry.label}
                </EuiButtonEmpty>
              </EuiFlexItem>
            ))}
          </EuiFlexGroup>
        </figcaption>
      )}
    </figure>
  );
}
