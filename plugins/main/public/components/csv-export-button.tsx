import {
  EuiButton,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiProgress,
  EuiText,
  EuiToolTip,
} from '@elastic/eui';
import { useRef, useState } from 'react';
import type { CsvFilter, CsvProgress } from '../services/csv-export';
import { useSvcServices } from './services-context';

export interface CsvExportButtonProps {
  apiHostId: string;
  /** Managed-API list path (`/agents`). */
  path: string;
  /** The view's current filter, so the file holds what the user sees. */
  filters: CsvFilter[];
  expectedRows?: number;
  what: string;
  /** Set when the export would not hold what the user sees (unsaved changes): why it is disabled. */
  disabledReason?: string;
}

/** Exports the current filter as CSV, with progress and a way to stop; the file keeps the server's name. */
export function CsvExportButton({
  apiHostId,
  path,
  filters,
  expectedRows,
  what,
  disabledReason,
}: CsvExportButtonProps) {
  const { csv, errors, core } = useSvcServices();
  const [progress, setProgress] = useState<CsvProgress>();
  const controller = useRef<AbortController | undefined>(undefined);

  const start = async () => {
    controller.current = new AbortController();
    setProgress({ rows: 0, bytes: 0, expectedRows });
    try {
      const result = await csv.export({
        apiHostId,
        path,
        filters,
        expectedRows,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      const limit =
        result.limitedFrom === undefined
          ? ''
          : ` (the export row limit stopped it; the list has ${result.limitedFrom})`;
      core.notifications.toasts.addSuccess({
        title: `Exported ${what}`,
        text: `${result.filename}: ${result.rows} rows${limit}`,
        'data-test-subj': 'csvExportDone',
      });
    } catch (error) {
      errors.report(error, `Exporting ${what} as CSV`);
    } finally {
      controller.current = undefined;
      setProgress(undefined);
    }
  };

  if (!progress) {
    const button = (
      <EuiButton
        iconType="export"
        isDisabled={disabledReason !== undefined}
        title={disabledReason}
        onClick={() => void start()}
        data-test-subj="csvExport"
      >
        Export CSV
      </EuiButton>
    );
    return disabledReason === undefined ? (
      button
    ) : (
      <EuiToolTip content={disabledReason}>{button}</EuiToolTip>
    );
  }
  const total = progress.expectedRows;
  return (
    <EuiFlexGroup
      gutterSize="s"
      alignItems="center"
      responsive={false}
      data-test-subj="csvExportProgress"
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
          data-test-subj="csvExportCancel"
        >
          Stop
        </EuiButtonEmpty>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
