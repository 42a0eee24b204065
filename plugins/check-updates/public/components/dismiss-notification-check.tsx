import { EuiCheckbox, EuiFlexGroup, EuiFlexItem, EuiIconTip, EuiText } from '@elastic/eui';
import { useState } from 'react';
import { dismissUpdate, replaceDismissedUpdates, usePreferences } from '../services/preferences';
import { RenderNothingOnError } from './render-nothing-on-error';
import { useAvailableUpdates } from './use-available-updates';
import { toUpdatesClientError } from '../services/updates-client-error';

function Check() {
  const state = useAvailableUpdates();
  const preferences = usePreferences();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  if (state.status === 'failed') return null;
  const available = state.status === 'loaded' ? state.available : [];
  const dismissed = state.status === 'loaded' ? state.dismissed : new Set<string>();
  const checked =
    available.length > 0 && available.every(({ update }) => dismissed.has(update.version));

  const toggle = async (dismiss: boolean) => {
    setSaving(true);
    setError(undefined);
    try {
      if (dismiss) {
        for (const { update, type } of available.filter(
          ({ update }) => !dismissed.has(update.version),
        ))
          await dismissUpdate(update.version, type);
      } else {
        const versions = new Set(available.map(({ update }) => update.version));
        const kept = Object.entries(preferences?.dismissed_updates ?? {}).filter(
          ([version]) => !versions.has(version),
        );
        await replaceDismissedUpdates(Object.fromEntries(kept));
      }
    } catch (reason) {
      setError(toUpdatesClientError(reason).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
      <EuiFlexItem grow={false}>
        <EuiCheckbox
          id="svcCheckUpdatesDismiss"
          data-test-subj="dismissNotificationCheck"
          label={
            state.status === 'loaded' && available.length === 0
              ? 'No available updates to dismiss'
              : 'Dismiss notifications of the available updates'
          }
          checked={checked}
          disabled={state.status === 'loading' || available.length === 0 || saving}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiIconTip
          type="questionInCircle"
          color="primary"
          content="Hides the notices of the versions available now for you; a newer release shows a notice again."
        />
      </EuiFlexItem>
      {error && (
        <EuiFlexItem grow={false}>
          <EuiText size="s" color="danger" role="alert">
            Could not save: {error}
          </EuiText>
        </EuiFlexItem>
      )}
    </EuiFlexGroup>
  );
}

/**
 * Checkbox that dismisses (checked) or brings back (unchecked) the notices of the selected API
 * host's currently available updates for this user. Shows nothing when the check fails.
 */
export function DismissNotificationCheck() {
  return (
    <RenderNothingOnError>
      <Check />
    </RenderNothingOnError>
  );
}
