/**
 * Top values of a field as a donut with a legend of buttons; a click on a slice or an entry filters
 * for that value. The ring is drawn like the Overview's status donut (same segment arithmetic).
 */
import { chartColour } from '../../../../common/charts/chart-model';
import { EuiButtonEmpty, EuiText, useEuiTheme } from '@elastic/eui';
import type { AlertsBucket } from '../../../../common/alerts/api';
import { donutSegments } from '../../../charts/status-donut';

const RADIUS = 50 / Math.PI;
const RING_WIDTH = 8;
const CENTRE = RADIUS + RING_WIDTH / 2;

export function TopValuesChart({
  id,
  title,
  buckets,
  onValueClick,
}: {
  id: string;
  title: string;
  buckets: AlertsBucket[];
  onValueClick?(bucket: AlertsBucket): void;
}) {
  const { euiTheme } = useEuiTheme();
  if (buckets.length === 0)
    return (
      <EuiText size="s" color="subdued" data-test-subj={`${id}Empty`}>
        <p>No values in this range.</p>
      </EuiText>
    );
  const slices = buckets.map((bucket, index) => ({
    key: String(bucket.key),
    label: bucket.label,
    value: bucket.count,
    color: chartColour(index),
  }));
  const byKey = new Map(buckets.map((bucket) => [String(bucket.key), bucket]));
  const description = `${title}: ${slices.map((slice) => `${slice.label} ${slice.value}`).join(', ')}.`;
  return (
    <figure
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16, margin: 0 }}
      data-test-subj={`${id}Chart`}
    >
      <svg
        width={120}
        height={120}
        viewBox={`0 0 ${CENTRE * 2} ${CENTRE * 2}`}
        role="img"
        aria-label={description}
        style={{ flex: 'none' }}
      >
        <circle
          cx={CENTRE}
          cy={CENTRE}
          r={RADIUS}
          fill="none"
          strokeWidth={RING_WIDTH}
          stroke={euiTheme.colors.lightShade}
        />
        {donutSegments(slices).map((segment) => (
          <circle
            key={segment.key}
            cx={CENTRE}
            cy={CENTRE}
            r={RADIUS}
            fill="none"
            strokeWidth={RING_WIDTH}
            stroke={segment.color}
            strokeDasharray={`${segment.share} ${100 - segment.share}`}
            strokeDashoffset={25 - segment.start}
            style={onValueClick ? { cursor: 'pointer' } : undefined}
            onClick={onValueClick ? () => onValueClick(byKey.get(segment.key)!) : undefined}
            data-test-subj={`${id}Slice-${segment.key}`}
          >
            <title>{`${segment.label}: ${segment.value}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption style={{ flex: '1 1 12em', minWidth: 0 }}>
        <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {slices.map((slice) => (
            <li key={slice.key} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <span
                aria-hidden
                style={{
                  flex: 'none',
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: slice.color,
                }}
              />
              <EuiButtonEmpty
                size="xs"
                color="text"
                flush="left"
                style={{ flex: 1, minWidth: 0 }}
                contentProps={{ style: { justifyContent: 'flex-start' } }}
                onClick={onValueClick ? () => onValueClick(byKey.get(slice.key)!) : undefined}
                isDisabled={!onValueClick}
                aria-label={`Filter for ${slice.label} (${slice.value} alerts)`}
                data-test-subj={`${id}Legend-${slice.key}`}
              >
                {slice.label}
              </EuiButtonEmpty>
              <strong>{slice.value.toLocaleString('en-US')}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
