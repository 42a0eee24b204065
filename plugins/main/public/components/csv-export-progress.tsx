/** The run, progress bar and Stop shared by every CSV export button; each button keeps its own look. */
import { EuiButtonEmpty, EuiFlexGroup, EuiFlexItem, EuiProgress, EuiText } from '@elastic/eui';
import { useRef, useState } from 'react';
import type { CsvExportResult, CsvProgress } from '../services/csv-export';
import { useSvcServices } from './services-context';

interface CsvExportRun {
  expectedRows?: number;
  onProgress(progress: CsvProgress): void;
  signal: AbortSignal;
}

interface UseCsvExportOptions {
  run(options: CsvExportRun): Promise<CsvExportResult>;
  expectedRows?: number;
  /** What is exported, plural (`alerts`), for the toasts. */
  what: string;
  /** What the row limit cut short (`selection`, `list`), for the success toast. */
  source: string;
  doneTestSubj: string;
}

/** Runs one export at a time, reporting its progress, its end in a toast and its failure once. */
export function useCsvExport({
  run,
  expectedRows,
  what,
  source,
  doneTestSubj,
}: UseCsvExportOptions) {
  const { core, errors } = useSvcServices();
  const [progress, setProgress] = useState<CsvProgress>();
  const controller = useRef<AbortController | undefined>(undefined);

  const start = async () => {
    controller.current = new AbortController();
    setProgress({ rows: 0, bytes: 0, expectedRows });
    try {
      const result = await run({
        expectedRows,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      const limit =
        result.limitedFrom === undefined
          ? ''
          : ` (the export row limit stopped it; the ${source} has ${result.limitedFrom})`;
      core.notifications.toasts.addSuccess({
        title: `Exported ${what}`,
        text: `${result.filename}: ${result.rows} rows${limit}`,
        'data-test-subj': doneTestSubj,
      });
    } catch (error) {
      errors.report(error, `Exporting ${what} as CSV`);
    } finally {
      controller.current = undefined;
      setProgress(undefined);
    }
  };
  const stop = () => controller.current?.abort();
  return { progress, start, stop };
}

/** Rows written so far (of the expected total when known) and a Stop button. */
export function CsvExportProgress({
  progress,
  onStop,
  testSubj,
  cancelTestSubj,
}: {
  progress: CsvProgress;
  onStop(): void;
  testSubj: string;
  cancelTestSubj: string;
}) {
  const total = progress.expectedRows;
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} data-test-subj={testSubj}>
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
        <EuiButtonEmpty size="s" onClick={onStop} data-test-subj={cancelTestSubj}>
          Stop
        </EuiButtonEmpty>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
