/** Downloads the view's alerts as CSV (its columns and sort, every matching row), with progress and Stop. */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiProgress,
  EuiText,
} from '@elastic/eui';
import { useRef, useState } from 'react';
import type { AlertsCsvRequest } from '../../../common/alerts/api';
import type { CsvProgress } from '../../services/csv-export';
import { useSvcServices } from '../services-context';
import { useAlertsClient } from './use-alerts-client';

export function AlertsCsvButton({
  request,
  expectedRows,
}: {
  request: AlertsCsvRequest;
  expectedRows?: number;
}) {
  const alerts = useAlertsClient();
  const { core, errors } = useSvcServices();
  const [progress, setProgress] = useState<CsvProgress>();
  const controller = useRef<AbortController | undefined>(undefined);

  const start = async () => {
    controller.current = new AbortController();
    setProgress({ rows: 0, bytes: 0, expectedRows });
    try {
      const result = await alerts.exportCsv(request, {
        expectedRows,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      const limit =
        result.limitedFrom === undefined
          ? ''
          : ` (the export row limit stopped it; the selection has ${result.limitedFrom})`;
      core.notifications.toasts.addSuccess({
        title: 'Exported alerts',
        text: `${result.filename}: ${result.rows} rows${limit}`,
        'data-test-subj': 'alertsCsvDone',
      });
    } catch (error) {
      errors.report(error, 'Exporting alerts as CSV');
    } finally {
      controller.current = undefined;
      setProgress(undefined);
    }
  };

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
  const total = progress.expectedRows;
  return (
    <EuiFlexGroup
      gutterSize="s"
      alignItems="center"
      responsive={false}
      data-test-subj="alertsCsvProgress"
    >
      <EuiFlexItem style={{ minWidth: 160 }}>
        <EuiProgress
          size="s"
          color="primary"
          {...(total ? { value: Math.min(progress.rows, total), max: total } : {})}
        />
        <EuiText size="xs" color="subdued">
          {total ? `${progress.rows} of ${total} rows` : `${progress.rows} rows`}
        </EuiText>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButtonEmpty
          size="s"
          onClick={() => controller.current?.abort()}
          data-test-subj="alertsCsvCancel"
        >
          Stop
        </EuiButtonEmpty>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
