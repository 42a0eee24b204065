/**
 * "Generate report": asks the server for a PDF of the view (`POST /api/reports`), follows the
 * report's job with its progress, then offers the download; a failure says why.
 */
import { EuiButton, EuiFlexGroup, EuiFlexItem, EuiLink, EuiProgress, EuiText } from '@elastic/eui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReportJob, ReportRequest } from '../../../../common/modules/reports';
import { useSvcServices } from '../../services-context';
import { ReportsClient } from './reports-client';

/** How often a running job is asked how it goes. */
export const REPORT_POLL_MS = 1_000;

export function GenerateReportButton({
  request,
  disabled,
}: {
  request: ReportRequest;
  /** No report of nothing (the view has no alert) or of a view still loading. */
  disabled?: boolean;
}) {
  const { core, errors } = useSvcServices();
  const client = useMemo(() => new ReportsClient(core.http), [core.http]);
  const [job, setJob] = useState<ReportJob>();
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (!job || job.status !== 'running') return undefined;
    const controller = new AbortController();
    timer.current = setTimeout(() => {
      client.job(job.id, controller.signal).then(setJob, (error: unknown) => {
        if (controller.signal.aborted) return;
        errors.report(error, 'Following the report');
        setJob(undefined);
      });
    }, REPORT_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer.current);
    };
  }, [client, errors, job]);

  const start = async () => {
    setStarting(true);
    try {
      setJob(await client.generate(request));
    } catch (error) {
      errors.report(error, 'Generating the report');
    } finally {
      setStarting(false);
    }
  };

  const running = starting || job?.status === 'running';
  return (
    <EuiFlexGroup
      gutterSize="s"
      alignItems="center"
      responsive={false}
      data-test-subj="reportControls"
    >
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="document"
          isLoading={running}
          isDisabled={disabled || running}
          onClick={() => void start()}
          data-test-subj="generateReport"
        >
          Generate report
        </EuiButton>
      </EuiFlexItem>
      {job?.status === 'running' && (
        <EuiFlexItem style={{ minWidth: 160 }} data-test-subj="reportProgress">
          <EuiProgress value={job.progress} max={100} size="s" />
          <EuiText size="xs" color="subdued">
            {job.stage} ({job.progress}%)
          </EuiText>
        </EuiFlexItem>
      )}
      {job?.status === 'succeeded' && job.report && (
        <EuiFlexItem grow={false}>
          <EuiLink
            href={client.downloadUrl(job.report.name)}
            download={job.report.name}
            data-test-subj="reportDownload"
          >
            Download {job.report.name}
          </EuiLink>
        </EuiFlexItem>
      )}
      {job?.status === 'failed' && (
        <EuiFlexItem grow={false}>
          <EuiText size="xs" color="danger" data-test-subj="reportFailed">
            The report failed: {job.error?.message ?? 'no reason given'}
          </EuiText>
        </EuiFlexItem>
      )}
    </EuiFlexGroup>
  );
}
