/**
 * Settings → API: the stored managed-API hosts with their state, version and available updates;
 * add, edit, check, delete a host, star the user's default host, and open the API console. Every
 * host is checked again when the page opens, so the states shown are today's, not the last round's.
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
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiHostCheck, ApiHostEntry } from '../../../common/api-host-check';
import { setSelectedApiHostId } from '@check-updates/public';
import { CONSOLE_APP_ID } from '../app-metadata';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { HOST_URL_PARAM, useSelectedHost } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { useNow } from '../../hooks/use-now';
import { ApiHostForm } from './api-host-form';
import { HostStatus, HostUpdatesCell } from './host-status';
import { useHostUpdates } from './use-host-updates';

const ADMIN_ROLE = 'admin';
/** How often "checked 12 s ago" moves on. */
const CLOCK_TICK_MS = 1000;

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
  const now = useNow(CLOCK_TICK_MS);
  const loadDefault = useCallback(
    (signal: AbortSignal) => hostsClient.getDefault(signal),
    [hostsClient],
  );
  const { state: defaultHost, reload: reloadDefault } = useAsync(
    loadDefault,
    'Reading your default API host',
  );

  // A host that cannot be used is a result shown in its row, not an error to pop up.
  const check = useCallback(
    async (id: string) => {
      setChecking((current) => ({ ...current, [id]: true }));
      try {
        const result = await hostsClient.check(id);
        setChecks((current) => ({ ...current, [id]: result }));
      } catch (error) {
        errors.report(error, `Checking API host ${id}`);
      } finally {
        setChecking((current) => ({ ...current, [id]: false }));
      }
    },
    [hostsClient, errors],
  );
  const checkAll = useCallback((ids: string[]) => Promise.all(ids.map((id) => check(id))), [check]);

  const checkedOnOpen = useRef(false);
  useEffect(() => {
    if (checkedOnOpen.current || hosts.status !== 'success') return;
    checkedOnOpen.current = true;
    void checkAll(hosts.data.map((entry) => entry.id));
  }, [hosts, checkAll]);

  const makeDefault = async (id: string) => {
    try {
      await hostsClient.setDefault(id);
      reloadDefault();
      select(id);
    } catch (error) {
      errors.report(error, `Making ${id} your default API host`);
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
      reloadDefault();
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
          {defaultHost.data === id && (
            <EuiFlexItem grow={false}>
              <EuiBadge color="hollow" iconType="starFilled" data-test-subj="defaultHostBadge">
                your default
              </EuiBadge>
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
          now={now}
          periodMs={entry.check_period_ms}
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
            iconType={defaultHost.data === entry.id ? 'starFilled' : 'starEmpty'}
            aria-label={`Make ${entry.id} your default host`}
            aria-pressed={defaultHost.data === entry.id}
            title="Your default host: the apps open with it in any browser"
            onClick={() => void makeDefault(entry.id)}
            data-test-subj="defaultHost"
          />
          <EuiButtonIcon
            iconType="refresh"
            aria-label={`Check ${entry.id} again`}
            title="Check the connection again"
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
              The star marks your default host, the one the apps open with in any browser you sign
              in from; &quot;in use&quot; marks the host this browser works with now.{' '}
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
                onClick={() => void checkAll(entries.map((entry) => entry.id))}
                isLoading={Object.values(checking).some(Boolean)}
                isDisabled={entries.length === 0}
                data-test-subj="checkAllHosts"
              >
                Check all hosts
              </EuiButton>
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
