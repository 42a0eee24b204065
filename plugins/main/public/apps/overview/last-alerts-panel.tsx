/** "Last 24 hours alerts" above the agent panels: a count per severity band, each opening Threat Hunting. */
import {
  EuiFlexGrid,
  EuiFlexItem,
  EuiLink,
  EuiPanel,
  EuiSpacer,
  EuiStat,
  EuiTitle,
  EuiToolTip,
} from '@elastic/eui';
import { useCallback, useEffect } from 'react';
import { SEVERITY_BANDS, type IndexerStatus } from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import {
  IndexerCallout,
  SampleDataNotice,
  type IndexerProblem,
} from '../../components/alerts/notices/indexer-callout';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import {
  bandFilter,
  LAST_24_HOURS,
  loadLastAlerts,
  type SeverityBand,
  type SeverityKey,
} from './last-alerts';
import { threatHuntingUrl } from './threat-hunting-link';

/** The original's colour tokens per band; EuiStat and EuiLink draw them in their text-safe shades. */
const BAND_COLOR: Record<SeverityKey, 'danger' | 'warning' | 'primary' | 'success'> = {
  critical: 'danger',
  high: 'warning',
  medium: 'primary',
  low: 'success',
};

const CONTEXT = 'Counting the last 24 hours alerts';

function BandStat({ host, band, count }: { host: ApiHost; band: SeverityBand; count?: number }) {
  const { core } = useSvcServices();
  const url = threatHuntingUrl(core.application, {
    apiHostId: host.id,
    timeRange: LAST_24_HOURS,
    filters: [bandFilter(band)],
  });
  const color = BAND_COLOR[band.key];
  return (
    <EuiStat
      data-test-subj={`lastAlerts-${band.key}`}
      isLoading={count === undefined}
      titleColor={color}
      titleSize="l"
      textAlign="center"
      reverse
      title={
        <EuiToolTip position="top" content={`Show the alerts of ${band.description.toLowerCase()}`}>
          <EuiLink href={url} color={color} data-test-subj={`lastAlertsLink-${band.key}`}>
            {count?.toLocaleString() ?? '-'}
          </EuiLink>
        </EuiToolTip>
      }
      description={
        <>
          <strong>{band.label}</strong>
          <br />
          <span>{band.description}</span>
        </>
      }
    />
  );
}

/**
 * The indexer's state, read only once the counts failed without naming the indexer, so the callout
 * can say which one cannot be read.
 */
function useIndexerStatusFor(problem: IndexerProblem | undefined): IndexerStatus | undefined {
  const alerts = useAlertsClient();
  const needed = problem?.kind === 'unavailable' && problem.fromIndexer && !problem.hosts?.length;
  const load = useCallback(
    (signal: AbortSignal) => (needed ? alerts.status(signal) : Promise.resolve(undefined)),
    [alerts, needed],
  );
  return useAsync(load, 'Reading the indexer state', undefined, { shownInPlace: true }).state.data;
}

export function LastAlertsPanel({ host }: { host: ApiHost }) {
  const { errors } = useSvcServices();
  const alerts = useAlertsClient();
  const load = useCallback(
    (signal: AbortSignal) => loadLastAlerts(alerts, host.id, signal),
    [alerts, host.id],
  );
  const { state, reload } = useAsync(load, CONTEXT);
  const result = state.status === 'success' ? state.data : undefined;
  const indexerStatus = useIndexerStatusFor(
    result?.status === 'problem' ? result.problem : undefined,
  );

  // The callout shows the failure; the UI log keeps it, without a toast repeating it.
  useEffect(() => {
    if (result?.status === 'problem' && result.problem.kind === 'unavailable')
      errors.report(result.error, CONTEXT, { shownInPlace: true, level: 'warning' });
  }, [result, errors]);

  return (
    <EuiPanel hasBorder data-test-subj="overviewLastAlerts">
      <EuiTitle size="s">
        <h2>Last 24 hours alerts</h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      {result?.status === 'problem' ? (
        <IndexerCallout problem={result.problem} status={indexerStatus} onRetry={reload} />
      ) : (
        <>
          {result?.includesSampleData && (
            <>
              <SampleDataNotice />
              <EuiSpacer size="s" />
            </>
          )}
          <EuiFlexGrid columns={4} gutterSize="m" responsive>
            {SEVERITY_BANDS.map((band) => (
              <EuiFlexItem key={band.key}>
                <BandStat host={host} band={band} count={result?.counts[band.key]} />
              </EuiFlexItem>
            ))}
          </EuiFlexGrid>
        </>
      )}
    </EuiPanel>
  );
}
