import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSelectedApiHostId } from '../../common/selected-api-host';
import { setCoreServices } from '../services/core-services';
import { availableUpdates, createFakeCore, httpError } from '../test-support/fake-core';
import { DismissNotificationCheck } from './dismiss-notification-check';
import { UpdatesNotification } from './updates-notification';

// EUI and the shell mark elements with data-test-subj.
configure({ testIdAttribute: 'data-test-subj' });

const cleanups: Array<() => void> = [];

function start(initial: Parameters<typeof createFakeCore>[0] = {}) {
  const core = createFakeCore(initial);
  setCoreServices(core.services);
  cleanups.push(core.cleanup);
  return core;
}

function SettingsPage() {
  return (
    <main>
      <h1>API hosts</h1>
      <DismissNotificationCheck />
      <UpdatesNotification />
    </main>
  );
}

const dismissedDate = '2025-03-01T00:00:00.000Z';

beforeEach(() => {
  window.sessionStorage.clear();
  setSelectedApiHostId('manager-1');
});

afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function enabledCheckbox(): Promise<HTMLInputElement> {
  const checkbox = await screen.findByRole<HTMLInputElement>('checkbox', {
    name: 'Dismiss notifications of the available updates',
  });
  await waitFor(() => expect(checkbox).toBeEnabled());
  return checkbox;
}

describe('DismissNotificationCheck', () => {
  it('is unchecked while some available update is not dismissed', async () => {
    start({
      preferences: {
        dismissed_updates: { '5.0.0': { update_type: 'major', dismissed_date: dismissedDate } },
        last_dismissed_date: dismissedDate,
      },
    });
    render(<SettingsPage />);
    expect(await enabledCheckbox()).not.toBeChecked();
  });

  it('is checked when every available update is dismissed', async () => {
    const dismissed = Object.fromEntries(
      ['5.0.0', '4.9.1', '4.8.2'].map((version) => [
        version,
        { update_type: 'patch' as const, dismissed_date: dismissedDate },
      ]),
    );
    start({ preferences: { dismissed_updates: dismissed, last_dismissed_date: dismissedDate } });
    render(<SettingsPage />);
    expect(await enabledCheckbox()).toBeChecked();
  });

  it('dismisses every available update for the user and hides the bottom-bar notices', async () => {
    const core = start({
      preferences: {
        dismissed_updates: { '5.0.0': { update_type: 'major', dismissed_date: dismissedDate } },
        last_dismissed_date: dismissedDate,
      },
    });
    render(<SettingsPage />);
    await within(core.slot).findByTestId('updateNotice-minor');
    await userEvent.click(await enabledCheckbox());
    await waitFor(() => expect(screen.getByRole('checkbox')).toBeChecked());
    const dismissals = core.server.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.body);
    expect(dismissals).toEqual([
      { version: '4.9.1', update_type: 'minor' },
      { version: '4.8.2', update_type: 'patch' },
    ]);
    await waitFor(() => expect(core.slot).toBeEmptyDOMElement());
  });

  it('brings the notices back when unchecked, keeping dismissals of other versions', async () => {
    const other = { update_type: 'minor' as const, dismissed_date: dismissedDate };
    const dismissed = Object.fromEntries(
      ['5.0.0', '4.9.1', '4.8.2'].map((version) => [
        version,
        { update_type: 'patch' as const, dismissed_date: dismissedDate },
      ]),
    );
    const core = start({
      preferences: {
        dismissed_updates: { ...dismissed, '4.7.0': other },
        last_dismissed_date: dismissedDate,
      },
    });
    render(<SettingsPage />);
    await userEvent.click(await enabledCheckbox());
    await waitFor(() => expect(screen.getByRole('checkbox')).not.toBeChecked());
    expect(core.server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      dismissed_updates: { '4.7.0': other },
    });
    expect(await within(core.slot).findByTestId('updateNotice-major')).toBeInTheDocument();
  });

  it('is disabled when there is no update to dismiss', async () => {
    start({
      updates: {
        ...availableUpdates,
        last_available_major: null,
        last_available_minor: null,
        last_available_patch: null,
      },
    });
    render(<SettingsPage />);
    const checkbox = await screen.findByRole('checkbox', {
      name: 'No available updates to dismiss',
    });
    expect(checkbox).toBeDisabled();
    expect(checkbox).not.toBeChecked();
  });

  it('says so and keeps its state when saving fails', async () => {
    const core = start();
    render(<SettingsPage />);
    const checkbox = await enabledCheckbox();
    core.server.preferences = httpError(503, 'Saved objects are unavailable');
    await userEvent.click(checkbox);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save: Saved objects are unavailable',
    );
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('shows nothing and leaves the page intact when the check fails', async () => {
    const core = start({
      updates: httpError(504, 'API host [manager-1] did not answer the version check in time'),
    });
    render(<SettingsPage />);
    // Both components ask for the preferences; they share one request for the updates.
    await waitFor(() => expect(core.server.requests).toHaveLength(3));
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    expect(screen.getByRole('heading', { name: 'API hosts' })).toBeInTheDocument();
  });
});
