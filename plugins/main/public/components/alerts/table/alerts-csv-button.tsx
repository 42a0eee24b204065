/** Downloads the view's alerts as CSV (its columns and sort, every matching row), with progress and Stop. */
import { EuiButton } from '@elastic/eui';
import type { AlertsCsvRequest } from '../../../../common/alerts/api';
import { CsvExportProgress, useCsvExport } from '../../csv-export-progress';
import { useAlertsClient } from '../state/use-alerts-client';

export function AlertsCsvButton({
  request,
  expectedRows,
}: {
  request: AlertsCsvRequest;
  expectedRows?: number;
}) {
  const alerts = useAlertsClient();
  const { progress, start, stop } = useCsvExport({
    run: (options) => alerts.exportCsv(request, options),
    expectedRows,
    what: 'alerts',
    source: 'selection',
    doneTestSubj: 'alertsCsvDone',
  });

  if (!progress)
    return (
      <EuiButton
        iconType="export"
        size="s"
        onClick={() => void start()}
        data-test-subj="alertsCsvExport"
      >
        Export CSV
      </EuiButton>
    );
  return (
    <CsvExportProgress
      progress={progress}
      onStop={stop}
      testSubj="alertsCsvProgress"
      cancelTestSubj="alertsCsvCancel"
    />
  );
}
