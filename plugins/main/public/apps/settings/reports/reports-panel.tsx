/**
 * Settings → Reports: the reports the user made (an administrator sees everyone's, with the
 * owner), newest first, each with its download link and a delete button that asks first.
 */
import {
  EuiBasicTable,
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useMemo } from 'react';
import type { StoredReport } from '@main/common/modules/reports';
import { ReportsClient } from '../../../components/alerts/reports/reports-client';
import { ErrorPrompt } from '../../../components/error-prompt';
import { formatDate } from '../../../components/format';
import { useSvcServices } from '../../../components/services-context';
import { useAsync } from '../../../hooks/use-async';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function ReportsPanel() {
  const { core, errors } = useSvcServices();
  const client = useMemo(() => new ReportsClient(core.http), [core.http]);
  const load = useCallback((signal: AbortSignal) => client.list(signal), [client]);
  const { state, reload } = useAsync(load, 'Listing reports', undefined, { shownInPlace: true });
  const reports = useMemo(
    () => [...(state.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [state.data],
  );

  const remove = async (report: StoredReport) => {
    const confirmed = await core.overlays.openConfirm(`${report.name} is deleted for everyone.`, {
      title: `Delete ${report.title} report?`,
      confirmButtonText: 'Delete',
      cancelButtonText: 'Cancel',
      buttonColor: 'danger',
    });
    if (!confirmed) return;
    try {
      await client.delete(report.name);
      core.notifications.toasts.addSuccess({ title: `Deleted ${report.name}` });
    } catch (error) {
      errors.report(error, `Deleting ${report.name}`);
    }
    reload();
  };

  const columns: Array<EuiBasicTableColumn<StoredReport>> = [
    {
      field: 'name',
      name: 'File',
      render: (name: string) => (
        <EuiLink href={client.downloadUrl(name)} download={name} data-test-subj="reportLink">
          {name}
        </EuiLink>
      ),
    },
    { field: 'title', name: 'Report' },
    { field: 'agentId', name: 'Agent', render: (agentId?: string) => agentId ?? '–' },
    { field: 'owner', name: 'Owner' },
    { field: 'createdAt', name: 'Created', render: (date: string) => formatDate(date) },
    { field: 'size', name: 'Size', render: formatSize, dataType: 'number' },
    {
      name: 'Actions',
      width: '80px',
      render: (report: StoredReport) => (
        <EuiButtonIcon
          iconType="trash"
          color="danger"
          aria-label={`Delete ${report.name}`}
          onClick={() => void remove(report)}
          data-test-subj="reportDelete"
        />
      ),
    },
  ];

  return (
    <div data-test-subj="settingsReports">
      <EuiFlexGroup justifyContent="spaceBetween" alignItems="center">
        <EuiFlexItem grow={false}>
          <EuiText size="s" color="subdued">
            <p>
              PDF reports made with Generate report on a module dashboard or an agent&apos;s
              Security events. Administrators see every user&apos;s.
            </p>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty iconType="refresh" onClick={reload} data-test-subj="reportsReload">
            Refresh
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {state.error && <ErrorPrompt error={state.error} onRetry={reload} />}
      <EuiBasicTable
        items={reports}
        columns={columns}
        loading={state.status === 'loading'}
        noItemsMessage={state.status === 'loading' ? 'Loading…' : 'No report yet.'}
        rowProps={(report: StoredReport) => ({ 'data-test-subj': `reportRow-${report.name}` })}
        tableLayout="auto"
      />
    </div>
  );
}
