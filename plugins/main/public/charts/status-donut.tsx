// Layout and theme of the chart elements; without it the chart cannot measure its container.
import '@elastic/charts/dist/theme_only_light.css';
import { Chart, LIGHT_THEME, Partition, PartitionLayout, Settings } from '@elastic/charts';

export interface DonutSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

/** A donut of counts (agents by status); slices with nothing in them are left out. */
export function StatusDonut({
  id,
  slices,
  height = 220,
}: {
  id: string;
  slices: DonutSlice[];
  height?: number;
}) {
  const data = slices.filter((slice) => slice.value > 0);
  const colors = new Map(slices.map((slice) => [slice.label, slice.color]));
  return (
    <div style={{ height }} data-test-subj={`${id}Chart`}>
      <Chart size={{ height }}>
        <Settings
          baseTheme={LIGHT_THEME}
          theme={{ partition: { emptySizeRatio: 0.4 } }}
          showLegend
          legendMaxDepth={1}
          ariaLabel="Agents by status"
        />
        <Partition
          id={id}
          data={data}
          layout={PartitionLayout.sunburst}
          valueAccessor={(slice: DonutSlice) => slice.value}
          layers={[
            {
              groupByRollup: (slice: DonutSlice) => slice.label,
              shape: { fillColor: (key) => colors.get(String(key)) ?? '#98A2B3' },
            },
          ]}
        />
      </Chart>
    </div>
  );
}
