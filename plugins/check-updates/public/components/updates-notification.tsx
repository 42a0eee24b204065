import { EuiBottomBar, EuiButton, EuiFlexGroup, EuiFlexItem, EuiLink, EuiText } from '@elastic/eui';
import { useState } from 'react';
import { dismissUpdate } from '../services/preferences';
import { BottomBarPortal } from './bottom-bar-portal';
import { RenderNothingOnError } from './render-nothing-on-error';
import { useAvailableUpdates, type AvailableUpdate } from './use-available-updates';
import { toUpdatesClientError } from '../services/updates-client-error';

function UpdateNotice({
  available,
  currentVersion,
}: {
  available: AvailableUpdate;
  currentVersion: string;
}) {
  const { type, update } = available;
  const [dismissing, setDismissing] = useState(false);
  const [error, setError] = useState<string>();
  const dismiss = () => {
    setDismissing(true);
    setError(undefined);
    // On success the shared preferences change and this notice is no longer rendered.
    dismissUpdate(update.version, type).catch((reason: unknown) => {
      setDismissing(false);
      setError(toUpdatesClientError(reason).message);
    });
  };
  return (
    <EuiFlexGroup
      alignItems="center"
      gutterSize="m"
      responsive={false}
      data-test-subj={`updateNotice-${type}`}
    >
      <EuiFlexItem>
        <EuiText size="s">
          <strong>
            New {type} release {update.version} is available
          </strong>{' '}
          (the API host runs {currentVersion}).{' '}
          <EuiLink href={update.release_url} target="_blank" external>
            Release notes
          </EuiLink>
          {error && <span role="alert"> Could not dismiss it: {error}</span>}
        </EuiText>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          color="text"
          iconType="cross"
          isLoading={dismissing}
          onClick={dismiss}
          aria-label={`Dismiss the ${type} update ${update.version}`}
        >
          Dismiss
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

function Notices() {
  const state = useAvailableUpdates();
  if (state.status !== 'loaded') return null;
  const notices = state.available.filter(({ update }) => !state.dismissed.has(update.version));
  if (notices.length === 0) return null;
  return (
    <BottomBarPortal>
      <EuiBottomBar
        position="static"
        paddingSize="s"
        landmarkHeading="Available updates"
        data-test-subj="updatesNotification"
      >
        <EuiFlexGroup direction="column" gutterSize="s">
          {notices.map((available) => (
            <EuiFlexItem key={available.type}>
              <UpdateNotice available={available} currentVersion={state.currentVersion} />
            </EuiFlexItem>
          ))}
        </EuiFlexGroup>
      </EuiBottomBar>
    </BottomBarPortal>
  );
}

/**
 * Bottom-bar notices of the selected API host's updates (one per update type that is newer and not
 * dismissed by this user), each with its release notes and a dismiss button. Shows nothing while
 * loading or when the check fails.
 */
export function UpdatesNotification() {
  return (
    <RenderNothingOnError>
      <Notices />
    </RenderNothingOnError>
  );
}
