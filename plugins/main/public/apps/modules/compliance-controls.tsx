/**
 * A compliance module's Controls tab: each requirement of the standard that alerts name, with its
 * alert count and its top rules, from one terms-with-split request; a requirement filters the page.
 */
import { EuiBasicTable, EuiLink, EuiSpacer, EuiText, type EuiBasicTableColumn } from '@elastic/eui';
import { useCallback } from 'react';
import type { AlertsBucket, AlertsFilter, AlertsSelection } from '../../../common/alerts/api';
import type { ModuleDefinition } from '../../../common/modules/types';
import { AlertsProblem } from '../../components/alerts/notices/alerts-problem';
import { chartBuckets } from '../../components/alerts/charts/dashboard-panels';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { useAsync } from '../../hooks/use-async';

export function ComplianceControls({
  module,
  selection,
  onFilters,
}: {
  module: ModuleDefinition;
  selection: AlertsSelection;
  onFilters(filters: AlertsFilter[]): void;
}) {
  const alerts = useAlertsClient();
  const controls = module.controls!;
  const load = useCallback(
    (signal: AbortSignal) => alerts.aggregate({ ...selection, charts: [controls.chart] }, signal),
    [alerts, selection, controls],
  );
  const { state, reload } = useAsync(
    load,
    `Counting alerts by ${controls.standard} requirement`,
    undefined,
    {
      shownInPlace: true,
    },
  );
  const requirements = chartBuckets(state.data, controls.chart.id);
  const columns: Array<EuiBasicTableColumn<AlertsBucket>> = [
    {
      field: 'label',
      name: 'Requirement',
      render: (label: string, bucket: AlertsBucket) => (
        <EuiLink
          onClick={() => onFilters([{ type: 'is', field: controls.field, value: bucket.key }])}
          data-test-subj={`complianceRequirement-${String(bucket.key)}`}
        >
          {label}
        </EuiLink>
      ),
      width: '160px',
    },
    {
      field: 'count',
      name: 'Alerts',
      render: (count: number) => count.toLocaleString('en-US'),
      width: '100px',
      dataType: 'number',
    },
    {
      field: 'split',
      name: 'Top rules',
      render: (split: AlertsBucket[] | undefined) => (
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {(split ?? []).map((rule) => (
            <li key={String(rule.key)}>
              {rule.label} ({rule.count.toLocaleString('en-US')})
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <div data-test-subj="complianceControls">
      {state.error && (
        <>
          <AlertsProblem error={state.error} onRetry={reload} />
          <EuiSpacer size="m" />
        </>
      )}
      <EuiText size="s" color="subdued">
        <p>
          The {controls.standard} requirements the selected alerts name, most alerted first; a
          requirement filters the page on it.
        </p>
      </EuiText>
      <EuiSpacer size="s" />
      <EuiBasicTable
        items={requirements}
        columns={columns}
        loading={state.status === 'loading'}
        noItemsMessage={
          state.status === 'loading' ? 'Counting…' : 'No alert names a requirement in this range.'
        }
        rowProps={(bucket: AlertsBucket) => ({
          'data-test-subj': `complianceRow-${String(bucket.key)}`,
        })}
        tableLayout="auto"
      />
    </div>
  );
}
