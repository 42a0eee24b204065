/**
 * The panels of an alerts dashboard drawn from their definitions (common/modules): counts over time
 * as bars, top values as a donut, table panels as rows of a value, its split's value and the count;
 * a click on a bar's series, a slice, a legend entry or a row's value adds the filters the
 * definition's chart implies.
 */
import {
  EuiBasicTable,
  EuiFlexGrid,
  EuiLink,
  EuiPanel,
  EuiSpacer,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import type {
  AlertsAggregateResponse,
  AlertsBucket,
  AlertsFilter,
} from '../../../../common/alerts/api';
import { clickFilters } from '../../../../common/modules';
import type { ModulePanel } from '../../../../common/modules/types';
import { TimeBarsChart } from './time-bars-chart';
import { TopValuesChart } from './top-values-chart';

export function chartBuckets(
  answer: AlertsAggregateResponse | undefined,
  id: string,
): AlertsBucket[] {
  const chart = answer?.charts[id];
  return chart && 'buckets' in chart ? chart.buckets : [];
}

interface TableRow {
  id: string;
  bucket: AlertsBucket;
  split?: AlertsBucket;
}

/** One row per value and split value (a value without a split is one row). */
function tableRows(buckets: AlertsBucket[]): TableRow[] {
  return buckets.flatMap((bucket) =>
    bucket.split && bucket.split.length > 0
      ? bucket.split.map((split) => ({ id: `${bucket.key}\u0000${split.key}`, bucket, split }))
      : [{ id: String(bucket.key), bucket }],
  );
}

function PanelTable({
  panel,
  buckets,
  onFilters,
}: {
  panel: ModulePanel;
  buckets: AlertsBucket[];
  onFilters(filters: AlertsFilter[]): void;
}) {
  const { chart } = panel;
  const split = 'split' in chart && chart.split !== undefined;
  const [valueName, splitName, countName] = panel.columns ?? [];
  const columns: Array<EuiBasicTableColumn<TableRow>> = [
    {
      name: valueName ?? 'Value',
      render: (row: TableRow) => (
        <EuiLink onClick={() => onFilters(clickFilters(chart, row.bucket))}>
          {row.bucket.label}
        </EuiLink>
      ),
    },
    ...(split
      ? [
          {
            name: splitName ?? 'Split',
            render: (row: TableRow) =>
              row.split ? (
                <EuiLink onClick={() => onFilters(clickFilters(chart, row.bucket, row.split))}>
                  {row.split.label}
                </EuiLink>
              ) : (
                '–'
              ),
          },
        ]
      : []),
    {
      name: (split ? countName : splitName) ?? 'Count',
      align: 'right',
      render: (row: TableRow) => (row.split ?? row.bucket).count.toLocaleString('en-US'),
    },
  ];
  return (
    <EuiBasicTable
      items={tableRows(buckets)}
      itemId="id"
      columns={columns}
      compressed
      tableLayout="auto"
      noItemsMessage="No values in this range."
      data-test-subj={`alertsPanel-${chart.id}Table`}
    />
  );
}

function PanelChart({
  panel,
  buckets,
  onFilters,
}: {
  panel: ModulePanel;
  buckets: AlertsBucket[];
  onFilters(filters: AlertsFilter[]): void;
}) {
  const { chart } = panel;
  const testId = `alertsPanel-${chart.id}`;
  if (panel.kind === 'table')
    return <PanelTable panel={panel} buckets={buckets} onFilters={onFilters} />;
  if (chart.type === 'date_histogram')
    return (
      <TimeBarsChart
        id={testId}
        title={panel.title}
        buckets={buckets}
        onSeriesClick={
          chart.split
            ? (series) =>
                onFilters(
                  clickFilters(chart, buckets[0], {
                    key: series.value,
                    label: series.label,
                    count: series.count,
                  }),
                )
            : undefined
        }
      />
    );
  return (
    <TopValuesChart
      id={testId}
      title={panel.title}
      buckets={buckets}
      onValueClick={(bucket) => onFilters(clickFilters(chart, bucket))}
    />
  );
}

export function DashboardPanels({
  panels,
  answer,
  onFilters,
}: {
  panels: ModulePanel[];
  answer?: AlertsAggregateResponse;
  onFilters(filters: AlertsFilter[]): void;
}) {
  return (
    <EuiFlexGrid columns={2} gutterSize="m" data-test-subj="alertsPanels">
      {panels.map((panel) => (
        <EuiPanel hasBorder paddingSize="m" key={panel.chart.id}>
          <EuiTitle size="xxs">
            <h3>{panel.title}</h3>
          </EuiTitle>
          <EuiSpacer size="s" />
          <PanelChart
            panel={panel}
            buckets={chartBuckets(answer, panel.chart.id)}
            onFilters={onFilters}
          />
        </EuiPanel>
      ))}
    </EuiFlexGrid>
  );
}
