import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSelectedApiHostId } from '../../common/selected-api-host';
import { setCoreServices } from '../services/core-services';
import { availableUpdates, createFakeCore, httpError } from '../test-support/fake-core';
import { UpdatesNotification } from './updates-notification';

// EUI and the shell mark elements with data-test-subj.
configure({ testIdAttribute: 'data-test-subj' });

function Page() {
  return (
    <main>
      <h1>Overview</h1>
      <UpdatesNotification />
    </main>
  );
}

function start(initial: Parameters<typeof createFakeCore>[0] = {}) {
  const core = createFakeCore(initial);
  setCoreServices(core.services);
  cleanups.push(core.cleanup);
  return core;
}

const cleanups: Array<() => void> = [];

beforeEach(() => {
  window.sessionStorage.clear();
  setSelectedApiHostId('manager-1');
});

afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** Waits until the component asked for both the updates and the preferences, and they were answered. */
async function settled(core: ReturnType<typeof createFakeCore>) {
  await waitFor(() =>
    expect(core.server.requests.map((request) => request.path).sort()).toEqual([
      '/api/v1/svc-check-updates/preferences',
      '/api/v1/svc-check-updates/updates',
    ]),
  );
  // One more turn inside waitFor (act) so the answers reach the component.
  await waitFor(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('UpdatesNotification', () => {
  it('shows in the bottom bar one notice per newer update with its version and release notes', async () => {
    const core = start();
    render(<Page />);
    const bar = await within(core.slot).findByTestId('updatesNotification');
    expect(within(bar).getByTestId('updateNotice-major')).toHaveTextContent(
      'New major release 5.0.0 is available (the API host runs 4.8.0).',
    );
    expect(within(bar).getByTestId('updateNotice-minor')).toHaveTextContent(
      'New minor release 4.9.1 is available',
    );
    expect(within(bar).getByTestId('updateNotice-patch')).toHaveTextContent(
      'New patch release 4.8.2 is available',
    );
    const links = within(bar).getAllByRole('link', { name: /Release notes/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://docs.example.org/5.0.0',
      'https://docs.example.org/4.9.1',
      'https://docs.example.org/4.8.2',
    ]);
    expect(
      core.server.requests.find((request) => request.path.endsWith('/updates'))?.query,
    ).toEqual({ api_id: 'manager-1', force: false });
  });

  it('leaves out the updates this user dismissed', async () => {
    const core = start({
      preferences: {
        dismissed_updates: {
          '5.0.0': { update_type: 'major', dismissed_date: '2025-03-01T00:00:00.000Z' },
        },
        last_dismissed_date: '2025-03-01T00:00:00.000Z',
      },
    });
    render(<Page />);
    await within(core.slot).findByTestId('updateNotice-minor');
    expect(within(core.slot).queryByTestId('updateNotice-major')).toBeNull();
    expect(within(core.slot).getByTestId('updateNotice-patch')).toBeInTheDocument();
  });

  it('shows nothing when every update is dismissed or there is none', async () => {
    const dismissedAll = start({
      preferences: {
        dismissed_updates: Object.fromEntries(
          ['5.0.0', '4.9.1', '4.8.2'].map((version) => [
            version,
            { update_type: 'patch', dismissed_date: '2025-03-01T00:00:00.000Z' },
          ]),
        ),
        last_dismissed_date: '2025-03-01T00:00:00.000Z',
      },
    });
    const { unmount } = render(<Page />);
    await settled(dismissedAll);
    expect(dismissedAll.slot).toBeEmptyDOMElement();
    unmount();

    window.sessionStorage.clear();
    const upToDate = start({
      updates: {
        ...availableUpdates,
        last_available_major: null,
        last_available_minor: null,
        last_available_patch: null,
      },
    });
    render(<Page />);
    await settled(upToDate);
    expect(upToDate.slot).toBeEmptyDOMElement();
  });

  it('hides a notice once it is dismissed, and stores the dismissal for the user', async () => {
    const core = start();
    render(<Page />);
    const major = await within(core.slot).findByTestId('updateNotice-major');
    await userEvent.click(
      within(major).getByRole('button', { name: 'Dismiss the major update 5.0.0' }),
    );
    await waitFor(() => expect(within(core.slot).queryByTestId('updateNotice-major')).toBeNull());
    expect(within(core.slot).getByTestId('updateNotice-minor')).toBeInTheDocument();
    expect(core.server.requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/svc-check-updates/dismiss',
        body: { version: '5.0.0', update_type: 'major' },
      }),
    );
  });

  it('keeps the notice and says why when the dismissal fails', async () => {
    const core = start();
    render(<Page />);
    const patch = await within(core.slot).findByTestId('updateNotice-patch');
    core.server.preferences = httpError(503, 'Saved objects are unavailable');
    await userEvent.click(within(patch).getByRole('button', { name: /Dismiss/ }));
    expect(await within(patch).findByRole('alert')).toHaveTextContent(
      'Could not dismiss it: Saved objects are unavailable',
    );
    expect(within(core.slot).getByTestId('updateNotice-patch')).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a dismissal", async () => {
    const core = start();
    render(<Page />);
    const patch = await within(core.slot).findByTestId('updateNotice-patch');
    core.server.preferences = httpError(
      409,
      'At most 500 dismissed updates are kept',
      'too_many_dismissals',
    );
    await userEvent.click(within(patch).getByRole('button', { name: /Dismiss/ }));
    expect(await within(patch).findByRole('alert')).toHaveTextContent(
      'Could not dismiss it: At most 500 dismissed updates are kept',
    );
  });

  it('leaves the page intact and shows nothing when the check fails', async () => {
    const core = start({
      updates: httpError(502, 'API host [manager-1] could not be asked for available updates'),
    });
    render(<Page />);
    await settled(core);
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(core.slot).toBeEmptyDOMElement();
  });

  it('leaves the page intact when the preferences cannot be read', async () => {
    const core = start({ preferences: httpError(500, 'An internal server error occurred.') });
    render(<Page />);
    await settled(core);
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(core.slot).toBeEmptyDOMElement();
  });

  it('leaves the page intact when no API host is selected', async () => {
    const core = start();
    setSelectedApiHostId(undefined);
    render(<Page />);
    await waitFor(() =>
      expect(core.server.requests.map((request) => request.path)).toContain(
        '/api/v1/svc-check-updates/preferences',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(core.server.requests.map((request) => request.path)).not.toContain(
      '/api/v1/svc-check-updates/updates',
    );
    expect(core.slot).toBeEmptyDOMElement();
  });

  it("shows the update once the apps pick a host in a brand-new browser, and the new host's after a switch", async () => {
    const core = start();
    setSelectedApiHostId(undefined);
    render(<Page />);
    await waitFor(() =>
      expect(core.server.requests.map((request) => request.path)).toContain(
        '/api/v1/svc-check-updates/preferences',
      ),
    );
    expect(core.slot).toBeEmptyDOMElement();
    act(() => setSelectedApiHostId('manager-1'));
    await within(core.slot).findByTestId('updateNotice-major');
    core.server.updates = {
      ...availableUpdates,
      current_version: '5.0.0',
      last_available_major: null,
      last_available_minor: null,
    };
    act(() => setSelectedApiHostId('manager-2'));
    await waitFor(() =>
      expect(within(core.slot).queryByTestId('updateNotice-major')).not.toBeInTheDocument(),
    );
    expect(await within(core.slot).findByTestId('updateNotice-patch')).toHaveTextContent(
      'the API host runs 5.0.0',
    );
    expect(
      core.server.requests
        .filter((request) => request.path.endsWith('/updates'))
        .map((request) => request.query),
    ).toEqual([
      { api_id: 'manager-1', force: false },
      { api_id: 'manager-2', force: false },
    ]);
  });

  it('leaves the page intact when the server answers with something it cannot show', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // A current_version that is an object makes rendering throw: the boundary hides the notification, the page stays.
    const core = start({
      updates: { ...availableUpdates, current_version: { major: 4 } as never },
    });
    render(<Page />);
    await settled(core);
    await waitFor(() =>
      expect(
        consoleError.mock.calls
          .flat()
          .some((argument) => String(argument).includes('Objects are not valid as a React child')),
      ).toBe(true),
    );
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(core.slot).toBeEmptyDOMElement();
    consoleError.mockRestore();
  });
});
