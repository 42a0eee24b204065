/**
 * An alerts view's failure to read alerts: the indexer callout (with the indexer's status) when the
 * indexer could not answer, the error prompt otherwise.
 */
import { useCallback } from 'react';
import { useAsync } from '../../../hooks/use-async';
import { AlertsRouteError } from '../../../services/alerts-client';
import type { SvcError } from '../../../services/svc-error';
import { ErrorPrompt } from '../../error-prompt';
import { IndexerCallout, indexerProblemOf } from './indexer-callout';
import { useAlertsClient } from '../state/use-alerts-client';

export function AlertsProblem({ error, onRetry }: { error: SvcError; onRetry(): void }) {
  const alerts = useAlertsClient();
  const indexerProblem = error instanceof AlertsRouteError && error.isUnanswerable;
  const loadStatus = useCallback(
    (signal: AbortSignal) => (indexerProblem ? alerts.status(signal) : Promise.resolve(undefined)),
    [alerts, indexerProblem],
  );
  const { state } = useAsync(loadStatus, 'Reading the indexer status', undefined, {
    shownInPlace: true,
  });
  if (!indexerProblem) return <ErrorPrompt error={error} onRetry={onRetry} />;
  return <IndexerCallout problem={indexerProblemOf(error)} status={state.data} onRetry={onRetry} />;
}
