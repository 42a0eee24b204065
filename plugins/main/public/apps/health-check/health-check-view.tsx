/**
 * Dashboard management → Health check: every check with its state, and for a failing one its cause
 * and its fix, as the original's health check shows them; "Run again" checks everything anew (the
 * API hosts too). Running it records, for every instance, that the checks ran for this version.
 */
import {
  EuiButton,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiPanel,
  EuiSkeletonText,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback } from 'react';
import { SVC_ROUTES } from '../../../common/constants';
import {
  HEALTH_CHECK_ROUTES,
  type HealthCheckResult,
  type HealthReport,
  type HealthState,
} from '../../../common/health';
import { Page } from '../../components/page';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';

const COLOURS: Record<HealthState, string> = { green: 'success', yellow: 'warning', red: 'danger' };
const SUMMARY_ICONS: Record<HealthState, string> = {
  green: 'check',
  yellow: 'warning',
  red: 'warning',
};
const WORDS: Record<HealthState, string> = { green: 'Ready', yellow: 'Warning', red: 'Failed' };

function CheckPanel({ check }: { check: HealthCheckResult }) {
  return (
    <EuiPanel hasBorder data-test-subj={`healthCheck-${check.id}`} data-state={check.state}>
      <EuiFlexGroup alignItems="center" gutterSize="m" responsive={false}>
        <EuiFlexItem grow={false} style={{ minWidth: 110 }}>
          <EuiHealth color={COLOURS[check.state]}>{WORDS[check.state]}</EuiHealth>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiTitle size="xs">
            <h3>{check.title}</h3>
          </EuiTitle>
          <EuiText size="s">
            <p data-test-subj="healthCheckMessage">
              {check.state === 'green' ? '' : 'Cause: '}
              {check.message}
            </p>
            {check.fix && check.state !== 'green' && (
              <p data-test-subj="healthCheckFix">
                <strong>Fix: </strong>
                {check.fix}
              </p>
            )}
          </EuiText>
        </EuiFlexItem>
      </EuiFlexGroup>
    </EuiPanel>
  );
}

export function HealthCheckView() {
  const { core } = useSvcServices();
  const run = useCallback(
    async (signal: AbortSignal) => {
      const report = await core.http.get<HealthReport>(SVC_ROUTES.healthCheck, {
        query: { refresh: true },
        signal,
      });
      await core.http.post(HEALTH_CHECK_ROUTES.due, { signal });
      return report;
    },
    [core.http],
  );
  const { state, reload } = useAsync(run, 'Health check', undefined, { shownInPlace: true });
  const report = state.data;
  return (
    <Page
      title="Health check"
      testSubj="svcHealthCheck"
      description="What the dashboard needs of the managed API and the indexer, checked now"
      actions={
        <EuiButton
          iconType="refresh"
          onClick={reload}
          isLoading={state.status === 'loading'}
          data-test-subj="healthCheckRetry"
        >
          Run again
        </EuiButton>
      }
    >
      {state.status === 'error' && (
        <EuiCallOut color="danger" title={state.error.title}>
          {state.error.detail}
        </EuiCallOut>
      )}
      {!report && state.status === 'loading' && <EuiSkeletonText lines={8} />}
      {report && (
        <>
          <EuiCallOut
            color={COLOURS[report.state] as 'success' | 'warning' | 'danger'}
            iconType={SUMMARY_ICONS[report.state]}
            title={
              report.state === 'green'
                ? 'Every check passed'
                : `${report.checks.filter((check) => check.state !== 'green').length} check(s) need attention`
            }
            data-test-subj="healthCheckSummary"
          />
          <EuiSpacer size="m" />
          {report.checks.map((check) => (
            <div key={check.id}>
              <CheckPanel check={check} />
              <EuiSpacer size="s" />
            </div>
          ))}
        </>
      )}
    </Page>
  );
}
