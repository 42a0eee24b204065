/**
 * Settings → API: the stored managed-API hosts with their state, version and available updates;
 * add, edit, check, delete a host, choose the one the dashboard uses, and open the API console.
 */
import {
  EuiBadge,
  EuiBasicTable,
  EuiButton,
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiText,
  EuiToolTip,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHostCheck, ApiHostEntry } from '../../../common/api-host-check';
import { setSelectedApiHostId } from '../../../../check-updates/common/selected-api-host';
import { CONSOLE_APP_ID } from '../app-metadata';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { HOST_URL_PARAM, useSelectedHost } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { ApiHostForm } from './api-host-form';
import { HostStatus, HostUpdatesCell } from './host-status';
import { useHostUpdates } from './use-host-updates';

const ADMIN_ROLE = 'admin';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; host: ApiHostEntry };

export function ApiHostsPanel() {
  const { core, hosts: hostsClient, errors, updates } = useSvcServices();
  const { hosts, host: selected, select, reloadHosts } = useSelectedHost();
  const { setParams } = useAppUrlState();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [checks, setChecks] = useState<Record<string, ApiHostCheck>>({});
  const [checking, setChecking] = useState<Record<string, boolean>>({});
  const [forceUpdates, setForceUpdates] = useState(0);
  const loadUser = useCallback(() => core.security.getCurrentUser(), [core]);
  const user = useAsync(loadUser, 'Reading the current user').state;
  const isAdmin = user.data?.roles.includes(ADMIN_ROLE) ?? false;
  const entries = (hosts.data ?? []) as ApiHostEntry[];
  const hostUpdates = useHostUpdates(
    entries.map((entry) => entry.id),
    forceUpdates,
  );

  const check = async (id: string) => {
    setChecking((current) => ({ ...current, [id]: true }));
    try {
      const result = await hostsClient.check(id);
      setChecks((current) => ({ ...current, [id]: result }));
      if (!(result.reachable && result.authenticated))
        errors.report(
          new Error(result.error?.message ?? 'The host cannot be used'),
          `Checking API host ${id}`,
          { level: 'warning' },
        );
    } catch (error) {
      errors.report(error, `Checking API host ${id}`);
    } finally {
      setChecking((current) => ({ ...current, [id]: false }));
    }
  };

  const remove = async (entry: ApiHostEntry) => {
    const confirmed = await core.overlays.openConfirm(
      `The dashboard forgets API host "${entry.id}" (${entry.url}:${entry.port}) and its stored password. The managed API itself is not touched.`,
      {
        title: `Delete API host ${entry.id}?`,
        confirmButtonText: 'Delete',
        cancelButtonText: 'Cancel',
        buttonColor: 'danger',
      },
    );
    if (!confirmed) return;
    try {
      await hostsClient.remove(entry.id);
      core.notifications.toasts.addSuccess(`API host ${entry.id} deleted`);
      if (selected?.id === entry.id) {
        setSelectedApiHostId(undefined);
        setParams({ [HOST_URL_PARAM]: undefined });
      }
      reloadHosts();
    } catch (error) {
      errors.report(error, `Deleting API host ${entry.id}`);
    }
  };

  const saved = (entry: ApiHostEntry) => {
    core.notifications.toasts.addSuccess(
      form.mode === 'edit' ? `API host ${entry.id} saved` : `API host ${entry.id} added`,
    );
    setForm({ mode: 'closed' });
    reloadHosts();
    void check(entry.id);
  };

  const columns: Array<EuiBasicTableColumn<ApiHostEntry>> = [
    {
      field: 'id',
      name: 'ID',
      render: (id: string, entry) => (
        <EuiFlexGroup gutterSize="xs" alignItems="center" responsive={false} wrap>
          <EuiFlexItem grow={false}>
            <strong>{id}</strong>
          </EuiFlexItem>
          {entry.demo && (
            <EuiFlexItem grow={false}>
              <EuiToolTip content="Started by the dashboard's demo mode with generated data">
                <EuiBadge color="accent" data-test-subj="demoHostBadge">
                  demo
                </EuiBadge>
              </EuiToolTip>
            </EuiFlexItem>
          )}
          {selected?.id === id && (
            <EuiFlexItem grow={false}>
              <EuiBadge color="primary" data-test-subj="selectedHostBadge">
                in use
              </EuiBadge>
            </EuiFlexItem>
          )}
        </EuiFlexGroup>
      ),
    },
    { field: 'url', name: 'Host', render: (url: string, entry) => `${url}:${entry.port}` },
    { field: 'username', name: 'Username' },
    { field: 'run_as', name: 'Run as', render: (runAs: boolean) => (runAs ? 'yes' : 'no') },
    {
      name: 'Status',
      render: (entry: ApiHostEntry) => (
        <HostStatus
          check={checks[entry.id] ?? entry.status}
          checking={checking[entry.id] ?? false}
        />
      ),
    },
    {
      name: 'Version',
      render: (entry: ApiHostEntry) => (checks[entry.id] ?? entry.status)?.api_version ?? '–',
    },
    {
      name: 'Updates',
      render: (entry: ApiHostEntry) => (
        <HostUpdatesCell
          updates={hostUpdates.state.data?.[entry.id]}
          loading={hostUpdates.state.status === 'loading'}
        />
      ),
    },
    {
      name: 'Actions',
      width: '200px',
      render: (entry: ApiHostEntry) => (
        <EuiFlexGroup gutterSize="xs" responsive={false} data-test-subj={`hostActions-${entry.id}`}>
          <EuiButtonIcon
            iconType={selected?.id === entry.id ? 'starFilled' : 'starEmpty'}
            aria-label={`Use ${entry.id}`}
            title="Use this host in the dashboard"
            onClick={() => select(entry.id)}
            data-test-subj="useHost"
          />
          <EuiButtonIcon
            iconType="refresh"
            aria-label={`Check ${entry.id}`}
            title="Check the connection"
            onClick={() => void check(entry.id)}
            data-test-subj="checkHost"
          />
          <EuiButtonIcon
            iconType="consoleApp"
            aria-label={`Open the API console for ${entry.id}`}
            title="Open the API console"
            href={core.application.getUrlForApp(CONSOLE_APP_ID, {
              path: `?${HOST_URL_PARAM}=${encodeURIComponent(entry.id)}`,
            })}
            data-test-subj="openConsole"
          />
          <EuiButtonIcon
            iconType="pencil"
            aria-label={`Edit ${entry.id}`}
            title="Edit"
            isDisabled={!isAdmin}
            onClick={() => setForm({ mode: 'edit', host: entry })}
            data-test-subj="editHost"
          />
          <EuiButtonIcon
            iconType="trash"
            color="danger"
            aria-label={`Delete ${entry.id}`}
            title="Delete"
            isDisabled={!isAdmin}
            onClick={() => void remove(entry)}
            data-test-subj="deleteHost"
          />
        </EuiFlexGroup>
      ),
    },
  ];

  const { DismissNotificationCheck } = updates;
  return (
    <>
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" wrap>
        <EuiFlexItem grow={false}>
          <EuiText size="s" color="subdued">
            <p>
              The star marks the host the dashboard uses.{' '}
              {isAdmin ? '' : 'Only administrators can add, edit or delete hosts.'}
            </p>
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
            <EuiFlexItem grow={false}>
              <DismissNotificationCheck />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                iconType="refresh"
                onClick={() => setForceUpdates((value) => value + 1)}
                isLoading={hostUpdates.state.status === 'loading' && forceUpdates > 0}
                data-test-subj="checkUpdates"
              >
                Check updates
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                fill
                iconType="plusCircle"
                isDisabled={!isAdmin}
                onClick={() => setForm({ mode: 'add' })}
                data-test-subj="addHost"
              >
                Add API host
              </EuiButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {hosts.status === 'error' && <ErrorPrompt error={hosts.error} onRetry={reloadHosts} />}
      <EuiBasicTable
        tableCaption="API hosts"
        items={entries}
        itemId="id"
        columns={columns}
        loading={hosts.status === 'loading'}
        noItemsMessage={
          hosts.status === 'loading'
            ? 'Loading API hosts…'
            : 'No API host yet. Add the managed API this dashboard should talk to.'
        }
        rowProps={(entry) => ({ 'data-test-subj': `apiHostRow-${entry.id}` })}
        data-test-subj="apiHostsTable"
      />
      {form.mode !== 'closed' && (
        <ApiHostForm
          host={form.mode === 'edit' ? form.host : undefined}
          onSaved={saved}
          onClose={() => setForm({ mode: 'closed' })}
        />
      )}
    </>
  );
}
