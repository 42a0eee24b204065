/** App settings over a mocked dashboard: values by category, a refusal under its field, a reset, a conflict. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { APP_SETTINGS, type AppSettingsAnswer } from '../../../common/app-settings';
import { createMockHttp, fail, type RouteHandler } from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { AppSettingsView } from './app-settings-view';

function answer(saved: Record<string, unknown> = {}): AppSettingsAnswer {
  return {
    version: 'v1',
    maxLogoBytes: 262_144,
    history: [],
    settings: APP_SETTINGS.map(({ key }) => ({
      key,
      value: key in saved ? (saved[key] as never) : key === 'csv.maxRows' ? 700 : null,
      fileValue: key === 'csv.maxRows' ? 700 : null,
      defaultValue: key === 'csv.maxRows' ? 100_000 : null,
      saved: key in saved,
    })),
  };
}

/** The body of the PUT sent, once it was sent. */
async function sentBody(mock: ReturnType<typeof createMockHttp>): Promise<unknown> {
  const put = await waitFor(() => {
    const call = mock.calls.find((each) => each.method === 'PUT');
    if (!call) throw new Error('No PUT sent yet.');
    return call;
  });
  return typeof put.body === 'string' ? JSON.parse(put.body) : put.body;
}

function setup(put: RouteHandler, initial = answer()) {
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'GET /api/app-settings': () => initial,
    'PUT /api/app-settings': put,
  });
  const test = createTestServices(mock);
  renderWithServices(
    <AppRoot services={test.services} history={memoryHistory('/')} title="App settings">
      <AppSettingsView />
    </AppRoot>,
    test.services,
  );
  return { mock, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

describe('App settings', () => {
  it('shows each setting with its default and file value, and marks those that need a restart', async () => {
    setup(() => answer());
    const row = await screen.findByTestId('appSettingRow-csv.maxRows');
    expect(row.textContent).toContain('Default: 100000 · Config file: 700');
    expect(
      within(screen.getByTestId('appSettingRow-jobs.queueSchedule')).getByText('Requires restart'),
    ).toBeTruthy();
    expect(screen.getByTestId('appSettingsCategory-alerts')).toBeTruthy();
  });

  it('sends the changed value with the version it was read at, and shows a refusal under its field', async () => {
    const { mock, user } = setup(() =>
      fail(400, {
        message: '[request body.values.csv.maxRows]: Value must be equal to or greater than [0].',
        attributes: { field: 'values.csv.maxRows' },
      }),
    );
    const input = await screen.findByTestId('appSetting-csv.maxRows');
    await user.clear(input);
    await user.type(input, '-5');
    await user.click(screen.getByTestId('appSettingsSave'));
    const row = screen.getByTestId('appSettingRow-csv.maxRows');
    await within(row).findByText(/Value must be equal to or greater than \[0\]/);
    expect(await sentBody(mock)).toEqual({
      values: { 'csv.maxRows': -5 },
      version: 'v1',
    });
  });

  it('resets a saved setting to the config file value', async () => {
    const { mock, user } = setup(() => answer(), answer({ 'csv.maxRows': 25 }));
    await user.click(await screen.findByTestId('appSettingReset-csv.maxRows'));
    expect(await sentBody(mock)).toEqual({
      values: { 'csv.maxRows': null },
      version: 'v1',
    });
  });

  it('says to reload when another administrator saved meanwhile', async () => {
    const { user } = setup(() => fail(409, { message: 'conflict' }));
    await user.click(await screen.findByTestId('appSetting-alerts.hideManagerAlerts'));
    await user.click(screen.getByTestId('appSettingsSave'));
    expect((await screen.findByTestId('appSettingsProblem')).textContent).toContain(
      'Another administrator saved settings meanwhile',
    );
  });
});
