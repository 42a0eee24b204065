import {
  EuiBadge,
  EuiHealth,
  EuiIconTip,
  EuiLink,
  EuiLoadingSpinner,
  EuiText,
  EuiToolTip,
} from '@elastic/eui';
import type { ApiHostCheck } from '../../../common/api-host-check';
import type { Update } from '../../../../check-updates/common/types';
import type { HostUpdates } from './use-host-updates';

export function HostStatus({ check, checking }: { check?: ApiHostCheck; checking: boolean }) {
  if (checking) {
    return (
      <span data-test-subj="hostStatus-checking">
        <EuiLoadingSpinner size="s" /> Checking
      </span>
    );
  }
  if (!check) {
    return (
      <EuiHealth color="subdued" data-test-subj="hostStatus-unknown">
        Not checked yet
      </EuiHealth>
    );
  }
  const problem = check.error?.message;
  const [color, text, subj] =
    check.reachable && check.authenticated
      ? (['success', 'Online', 'online'] as const)
      : check.reachable
        ? (['warning', 'Login failed', 'login-failed'] as const)
        : (['danger', 'Offline', 'offline'] as const);
  const health = (
    <EuiHealth color={color} data-test-subj={`hostStatus-${subj}`}>
      {text}
    </EuiHealth>
  );
  return problem ? <EuiToolTip content={problem}>{health}</EuiToolTip> : health;
}

function newest(updates: HostUpdates & { ok: true }): { type: string; update: Update } | undefined {
  const {
    last_available_major: major,
    last_available_minor: minor,
    last_available_patch: patch,
  } = updates.updates;
  if (major) return { type: 'major', update: major };
  if (minor) return { type: 'minor', update: minor };
  if (patch) return { type: 'patch', update: patch };
  return undefined;
}

export function HostUpdatesCell({ updates, loading }: { updates?: HostUpdates; loading: boolean }) {
  if (!updates) {
    return loading ? (
      <EuiLoadingSpinner size="s" />
    ) : (
      <EuiText size="s" color="subdued">
        Not checked
      </EuiText>
    );
  }
  if (!updates.ok) {
    return (
      <span data-test-subj="hostUpdates-error">
        <EuiHealth color="danger">Could not check</EuiHealth>{' '}
        <EuiIconTip type="question" title={updates.error.title} content={updates.error.detail} />
      </span>
    );
  }
  const available = newest(updates);
  if (!available) {
    return (
      <EuiHealth color="success" data-test-subj="hostUpdates-upToDate">
        Up to date
      </EuiHealth>
    );
  }
  return (
    <span data-test-subj="hostUpdates-available">
      <EuiBadge color="warning">{available.type}</EuiBadge>{' '}
      <EuiLink href={available.update.release_url} target="_blank" external>
        {available.update.version} available
      </EuiLink>
    </span>
  );
}
