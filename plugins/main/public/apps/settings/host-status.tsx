import { EuiBadge, EuiHealth, EuiIconTip, EuiLink, EuiLoadingSpinner, EuiText } from '@elastic/eui';
import type { ApiHostCheck, ManagedApiErrorCode } from '../../../common/api-host-check';
import type { Update } from '@check-updates/public';
import type { HostUpdates } from './use-host-updates';

/** What each failure means to the person looking at the host, by the server's typed cause. */
const FAILURES: Record<ManagedApiErrorCode, { label: string; color: 'warning' | 'danger' }> = {
  host_unreachable: { label: 'Unreachable', color: 'danger' },
  timeout: { label: 'Unreachable: no answer in time', color: 'danger' },
  tls_error: { label: 'TLS error', color: 'danger' },
  login_failed: { label: 'Wrong credentials', color: 'warning' },
  credentials_unreadable: { label: 'Stored password unreadable', color: 'warning' },
  upstream_error: { label: 'API error', color: 'warning' },
  malformed_response: { label: 'Not a managed API', color: 'danger' },
  response_too_large: { label: 'Answer too large', color: 'danger' },
  busy: { label: 'Dashboard busy, check again', color: 'warning' },
  aborted: { label: 'Check cancelled', color: 'warning' },
  host_not_found: { label: 'Not configured', color: 'danger' },
  invalid_request: { label: 'Check refused', color: 'danger' },
};

/** "12 s", "3 min", "2 h", "4 d": the coarsest unit that is at least one. */
function formatSpan(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/**
 * The host's last check: usable or why not (the cause and the host's own words), when it was made,
 * and a warning once it is older than the interval at which the dashboard checks hosts.
 */
export function HostStatus({
  check,
  checking,
  now,
  periodMs,
}: {
  check?: ApiHostCheck;
  checking: boolean;
  /** The time the ages are measured against (ticks while the page is open). */
  now: number;
  periodMs: number;
}) {
  const progress = checking && (
    <EuiText size="xs" color="subdued" data-test-subj="hostStatus-checking">
      <EuiLoadingSpinner size="s" /> Checking
    </EuiText>
  );
  if (!check) {
    return (
      <div aria-live="polite">
        <EuiHealth color="subdued" data-test-subj="hostStatus-unknown">
          Not checked yet
        </EuiHealth>
        {progress}
      </div>
    );
  }
  const failure = check.error && FAILURES[check.error.code];
  const [color, text, subj] = failure
    ? [failure.color, failure.label, check.error!.code]
    : (['success', 'Online', 'online'] as const);
  const checkedAt = new Date(check.checked_at);
  const age = now - checkedAt.getTime();
  return (
    <div aria-live="polite">
      <EuiHealth color={color} data-test-subj={`hostStatus-${subj}`}>
        {text}
      </EuiHealth>
      {check.error && (
        <EuiText size="xs" data-test-subj="hostStatusCause">
          {check.error.message}
        </EuiText>
      )}
      <EuiText size="xs" color="subdued" data-test-subj="hostStatusCheckedAt">
        <time dateTime={check.checked_at} title={checkedAt.toLocaleString()}>
          checked {formatSpan(age)} ago ({checkedAt.toLocaleString()})
        </time>
      </EuiText>
      {age > periodMs && (
        <EuiBadge color="warning" data-test-subj="hostStatusStale">
          Older than the {formatSpan(periodMs)} check interval: check again
        </EuiBadge>
      )}
      {progress}
    </div>
  );
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
