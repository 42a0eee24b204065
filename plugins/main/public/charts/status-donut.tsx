import { EuiText, useEuiTheme } from '@elastic/eui';

export interface DonutSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

/** A slice placed on the ring: its share and where it starts, both in percent of the circle. */
interface DonutSegment extends DonutSlice {
  share: number;
  start: number;
}

/** Radius whose circumference is 100, so a slice's share in percent is its stroke length. */
const RADIUS = 50 / Math.PI;
const RING_WIDTH = 6;
const CENTRE = RADIUS + RING_WIDTH / 2;
const VIEW_BOX_SIZE = CENTRE * 2;

/** The slices with something in them, each with its share of the total and its start on the ring. */
export function donutSegments(slices: DonutSlice[]): DonutSegment[] {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  let start = 0;
  return slices
    .filter((slice) => slice.value > 0)
    .map((slice) => {
      const share = (slice.value / total) * 100;
      const segment = { ...slice, share, start };
      start += share;
      return segment;
    });
}

/** Font size of the total in the hole: smaller for long numbers, so a million still fits inside the ring. */
function totalFontSize(total: number): number {
  return Math.min(8, 36 / String(total).length);
}

/** "67%", or "<1%" for a share too small to round to one percent (it still counts). */
function formatShare(value: number, total: number): string {
  if (value === 0 || total === 0) return '0%';
  const percent = (value / total) * 100;
  return percent < 1 ? '<1%' : `${Math.round(percent)}%`;
}

/**
 * A donut of counts (agents by status) drawn as SVG, with a legend of every slice (empty ones
 * included, at 0) and the total in the hole. The legend is HTML text, so it wraps instead of being
 * cut at narrow widths; the ring carries the same figures as its text alternative.
 */
export function StatusDonut({
  id,
  title,
  unit,
  slices,
  size = 160,
}: {
  id: string;
  /** What the chart shows, e.g. "Agents by status". */
  title: string;
  /** What is counted, in the plural, written under the total ("agents"). */
  unit: string;
  slices: DonutSlice[];
  size?: number;
}) {
  const { euiTheme } = useEuiTheme();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const description = `${title}: ${slices
    .map((slice) => `${slice.label} ${slice.value} (${formatShare(slice.value, total)})`)
    .join(', ')}; ${total} in total.`;
  const ringProps = {
    cx: CENTRE,
    cy: CENTRE,
    r: RADIUS,
    fill: 'none',
    strokeWidth: RING_WIDTH,
  };
  return (
    <figure
      data-test-subj={`${id}Chart`}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: euiTheme.size.l,
        margin: `${euiTheme.size.m} 0`,
      }}
    >
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${VIEW_BOX_SIZE} ${VIEW_BOX_SIZE}`}
        role="img"
        aria-label={description}
        style={{ flex: 'none' }}
      >
        <circle {...ringProps} stroke={euiTheme.colors.lightShade} />
        {donutSegments(slices).map((segment) => (
          <circle
            key={segment.key}
            {...ringProps}
            stroke={segment.color}
            // Dash of the slice's share, then a gap for the rest; the offset turns it to its start,
            // counted clockwise from twelve o'clock (an SVG circle's stroke starts at three).
            strokeDasharray={`${segment.share} ${100 - segment.share}`}
            strokeDashoffset={25 - segment.start}
            data-test-subj={`${id}Segment-${segment.key}`}
          />
        ))}
        <text
          x={CENTRE}
          y={CENTRE - 1}
          textAnchor="middle"
          fontSize={totalFontSize(total)}
          fontWeight={euiTheme.font.weight.bold}
          fill={euiTheme.colors.text}
        >
          {total}
        </text>
        <text
          x={CENTRE}
          y={CENTRE + 5}
          textAnchor="middle"
          fontSize={3.5}
          fill={euiTheme.colors.subduedText}
        >
          {unit}
        </text>
      </svg>
      <figcaption style={{ flex: '0 1 22em' }}>
        <EuiText size="s">
          <ul
            aria-label={title}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-test-subj={`${id}Legend`}
          >
            {slices.map((slice) => (
              <li
                key={slice.key}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: euiTheme.size.s,
                  margin: 0,
                  listStyle: 'none',
                }}
                data-test-subj={`${id}Legend-${slice.key}`}
              >
                <span
                  aria-hidden
                  style={{
                    flex: 'none',
                    width: euiTheme.size.m,
                    height: euiTheme.size.m,
                    borderRadius: '50%',
                    background: slice.color,
                  }}
                />
                <span style={{ flex: 1 }}>{slice.label}</span>
                <strong>{slice.value}</strong>
                <span style={{ minWidth: '3em', textAlign: 'right' }}>
                  {formatShare(slice.value, total)}
                </span>
              </li>
            ))}
          </ul>
        </EuiText>
      </figcaption>
    </figure>
  );
}
