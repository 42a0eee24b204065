/**
 * The security modules as cards by category, each with its alert count over the chosen range: all
 * the counts come from one aggregate request (a `filters` chart whose named entries are the
 * modules' fixed filters). The Overview and the modules app's index show them.
 */
import {
  EuiButtonEmpty,
  EuiCard,
  EuiFlexGrid,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPanel,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { AlertsTimeRange } from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import {
  MODULE_COUNTS_CHART_ID,
  moduleCountsChart,
  modulesByCategory,
} from '../../../common/modules';
import { AlertsProblem } from '../../components/alerts/notices/alerts-problem';
import { AlertsTimePicker } from '../../components/alerts/search/alerts-time-picker';
import { DEFAULT_TIME_RANGE } from '../../components/alerts/state/alerts-view-state';
import { chartBuckets } from '../../components/alerts/charts/dashboard-panels';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { AlertsRouteError } from '../../services/alerts-client';
import { moduleUrl } from './module-links';

const COUNTS_CHART = moduleCountsChart();

export function ModuleCards({
  host,
  indexerProblemShownAbove = false,
}: {
  host: ApiHost;
  /** The page already names an unreachable indexer (the Overview's alerts callout): say it once. */
  indexerProblemShownAbove?: boolean;
}) {
  const alerts = useAlertsClient();
  const { core } = useSvcServices();
  const [timeRange, setTimeRange] = useState<AlertsTimeRange>(DEFAULT_TIME_RANGE);
  const load = useCallback(
    (signal: AbortSignal) =>
      alerts.aggregate({ apiHostId: host.id, timeRange, charts: [COUNTS_CHART] }, signal),
    [alerts, host.id, timeRange],
  );
  const { state, reload } = useAsync(load, 'Counting alerts by module', undefined, {
    shownInPlace: true,
  });
  const counts = useMemo(
    () =>
      new Map(
        chartBuckets(state.data, MODULE_COUNTS_CHART_ID).map((bucket) => [
          String(bucket.key),
          bucket.count,
        ]),
      ),
    [state.data],
  );
  return (
    <EuiPanel hasBorder data-test-subj="moduleCards">
      <EuiFlexGroup justifyContent="spaceBetween" alignItems="center" wrap>
        <EuiFlexItem grow={false}>
          <EuiTitle size="s">
            <h2>Security modules</h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <AlertsTimePicker
            timeRange={timeRange}
            isLoading={state.status === 'loading'}
            onTimeChange={setTimeRange}
            onRefreshChange={() => undefined}
            onRefresh={reload}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      {state.error && (
        <>
          <EuiSpacer size="s" />
          {indexerProblemShownAbove &&
          state.error instanceof AlertsRouteError &&
          state.error.isUnanswerable ? (
            <EuiText size="s" color="subdued" data-test-subj="moduleCountsUnavailable">
              <p>
                No counts: the indexer could not answer (see above).{' '}
                <EuiButtonEmpty size="xs" onClick={reload} data-test-subj="moduleCountsRetry">
                  Count again
                </EuiButtonEmpty>
              </p>
            </EuiText>
          ) : (
            <AlertsProblem error={state.error} onRetry={reload} />
          )}
        </>
      )}
      {modulesByCategory().map(({ category, modules }) => (
        <div key={category.id} data-test-subj={`moduleCategory-${category.id}`}>
          <EuiSpacer size="m" />
          <EuiTitle size="xs">
            <h3>{category.title}</h3>
          </EuiTitle>
          <EuiSpacer size="s" />
          <EuiFlexGrid columns={3} gutterSize="s">
            {modules.map((module) => {
              const count = counts.get(module.id);
              return (
                <EuiFlexItem key={module.id}>
                  <EuiCard
                    textAlign="left"
                    titleSize="xs"
                    title={module.title}
                    description={module.description}
                    href={moduleUrl(core.application, {
                      moduleId: module.id,
                      apiHostId: host.id,
                      timeRange,
                    })}
                    data-test-subj={`moduleCard-${module.id}`}
                    footer={
                      <EuiText size="s" data-test-subj={`moduleCardCount-${module.id}`}>
                        <strong>{count === undefined ? '–' : count.toLocaleString('en-US')}</strong>{' '}
                        alerts
                      </EuiText>
                    }
                  />
                </EuiFlexItem>
              );
            })}
          </EuiFlexGrid>
        </div>
      ))}
    </EuiPanel>
  );
}
