/** The CSV export button of managed-API lists (agents, CDB lists). */
import { EuiButton, EuiToolTip } from '@elastic/eui';
import type { CsvFilter } from '../services/csv-export';
import { CsvExportProgress, useCsvExport } from './csv-export-progress';
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
  const { csv } = useSvcServices();
  const { progress, start, stop } = useCsvExport({
    run: (options) => csv.export({ apiHostId, path, filters, ...options }),
    expectedRows,
    what,
    source: 'list',
    doneTestSubj: 'csvExportDone',
  });

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
  return (
    <CsvExportProgress
      progress={progress}
      onStop={stop}
      testSubj="csvExportProgress"
      cancelTestSubj="csvExportCancel"
    />
  );
}
