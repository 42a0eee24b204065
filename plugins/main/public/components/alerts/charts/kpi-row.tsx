/** A row of headline figures above an alerts view's charts (Total, Level 12 or above, …). */
import { EuiFlexGroup, EuiFlexItem, EuiPanel, EuiStat } from '@elastic/eui';

export interface Kpi {
  id: string;
  label: string;
  value?: number;
  color?: 'default' | 'subdued' | 'primary' | 'success' | 'warning' | 'danger' | 'accent';
}

export function KpiRow({ kpis, isLoading }: { kpis: Kpi[]; isLoading?: boolean }) {
  return (
    <EuiFlexGroup gutterSize="m" wrap data-test-subj="alertsKpis">
      {kpis.map((kpi) => (
        <EuiFlexItem key={kpi.id} style={{ minWidth: 180 }}>
          <EuiPanel hasBorder paddingSize="m">
            <EuiStat
              title={kpi.value === undefined ? '–' : kpi.value.toLocaleString('en-US')}
              description={kpi.label}
              titleColor={kpi.color ?? 'default'}
              textAlign="center"
              isLoading={isLoading && kpi.value === undefined}
              reverse
              data-test-subj={`alertsKpi-${kpi.id}`}
            />
          </EuiPanel>
        </EuiFlexItem>
      ))}
    </EuiFlexGroup>
  );
}
