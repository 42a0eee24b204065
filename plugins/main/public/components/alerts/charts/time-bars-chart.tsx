/**
 * Counts over time as SVG bars, stacked by a split field's top values when the answer has them
 * (alert levels, top agents). What is drawn (series, colours, value and time ticks) is the chart
 * model the reports draw too (common/charts); this only lays it out. A click on a bar's series or
 * on a legend entry filters.
 */
import { EuiButtonEmpty, EuiFlexGroup, EuiFlexItem, EuiText, useEuiTheme } from '@elastic/eui';
import moment from 'moment';
import type { AlertsBucket } from '../../../../common/alerts/api';
import {
  bucketTime,
  CHART_PALETTE,
  chartSeries,
  timeTicks,
  valueAxis,
  type ChartSeries,
} from '../../../../common/charts/chart-model';

const VIEW_WIDTH = 800;
const VIEW_HEIGHT = 160;
const BAR_GAP = 0.15;

export function TimeBarsChart({
  id,
  title,
  buckets,
  onBarClick,
  onSeriesClick,
}: {
  id: string;
  title: string;
  buckets: AlertsBucket[];
  /** A click on a bar's time (the events histogram narrows the range to it). */
  onBarClick?(bucket: AlertsBucket): void;
  /** A click on a series (a split value): filter for it. */
  onSeriesClick?(series: ChartSeries): void;
}) {
  const { euiTheme } = useEuiTheme();
  const series = chartSeries(buckets);
  const seriesByKey = new Map(series.map((entry) => [entry.key, entry]));
  const largest = Math.max(0, ...buckets.map((bucket) => bucket.count));
  const { max } = valueAxis(
    largest,
    4,
    buckets.every((bucket) => Number.isInteger(bucket.count)),
  );
  const slot = VIEW_WIDTH / Math.max(1, buckets.length);
  const times = buckets.map(bucketTime);
  const ticks = timeTicks(times);
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const description = `${title}: ${total} alerts in ${buckets.length} intervals, at most ${largest} in one.`;

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
          // The model's series only (the top ones), as the report draws them.
          const parts =
            series.length > 0
              ? (bucket.split ?? []).filter((part) => seriesByKey.has(String(part.key)))
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
                const entry = seriesByKey.get(key);
                return (
                  <rect
                    key={key}
                    x={x}
                    y={top}
                    width={width}
                    height={height}
                    fill={entry?.colour ?? CHART_PALETTE[0]}
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
      <div style={{ position: 'relative', height: 18 }} data-test-subj={`${id}Ticks`}>
        {ticks.map((tick) => (
          <EuiText
            key={tick.at}
            size="xs"
            color="subdued"
            style={{
              position: 'absolute',
              left: `${tick.position * 100}%`,
              transform: 'translateX(-50%)',
              whiteSpace: 'nowrap',
            }}
          >
            <span>{tick.label}</span>
          </EuiText>
        ))}
      </div>
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
                      background: entry.colour,
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
