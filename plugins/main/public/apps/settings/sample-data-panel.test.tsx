/** Settings → Sample data over a mocked dashboard: cards, adding and removing, roles and failures. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SampleDataCategory, SampleDataStatus } from '../../../common/alerts/api';
import {
  createMockHttp,
  fail,
  type FailedAnswer,
  type RecordedCall,
} from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { SampleDataPanel } from './sample-data-panel';

const INDEX = (category: string) => `wazuh-alerts-4.x-sample-${category}`;
const ADDED_COUNT: Record<SampleDataCategory, number> = {
  security: 27000,
  'auditing-policy-monitoring': 18000,
  'threat-detection': 12000,
  'wazuh-inventory-agent': 3100,
  'wazuh-vulnerabilities': 240,
};

function setup({
  roles = ['admin'],
  installed = ['threat-detection'] as SampleDataCategory[],
  failAdd,
  listFails,
}: {
  roles?: string[];
  installed?: SampleDataCategory[];
  failAdd?: FailedAnswer;
  listFails?: FailedAnswer;
} = {}) {
  const present = new Set(installed);
  let release: () => void = () => undefined;
  const statusOf = (category: SampleDataCategory): SampleDataStatus => ({
    category,
    index: INDEX(category),
    installed: present.has(category),
    count: present.has(category) ? ADDED_COUNT[category] : 0,
  });
  const categoryOf = (call: RecordedCall) => call.path.split('/').pop() as SampleDataCategory;
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'GET /api/alerts/sample-data': () =>
      listFails ?? { categories: (Object.keys(ADDED_COUNT) as SampleDataCategory[]).map(statusOf) },
    'POST /api/alerts/sample-data/security': async (call) => {
      // Held until the test has seen the progress.
      await new Promise<void>((resolve) => (release = resolve));
      if (failAdd) return failAdd;
      present.add(categoryOf(call));
      return statusOf(categoryOf(call));
    },
    'DELETE /api/alerts/sample-data/threat-detection': (call) => {
      present.delete(categoryOf(call));
      return statusOf(categoryOf(call));
    },
  });
  const test = createTestServices(mock, { roles });
  renderWithServices(
    <AppRoot
      services={test.services}
      history={memoryHistory('/?host=prod&tab=sample-data')}
      title="Settings"
    >
      <SampleDataPanel />
    </AppRoot>,
    test.services,
  );
  return {
    ...test,
    mock,
    release: () => release(),
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}

function card(category: SampleDataCategory) {
  return within(screen.getByTestId(`sampleData-${category}`));
}

describe('Settings → Sample data', () => {
  it('shows the three categories with their state and count', async () => {
    setup();
    await screen.findByTestId('sampleData-security');
    expect(
      ['security', 'auditing-policy-monitoring', 'threat-detection'].map((category) => {
        const element = screen.getByTestId(`sampleData-${category}`);
        return [
          within(element).queryByText('Installed') !== null,
          within(element).getByTestId('sampleDataCount').textContent,
        ];
      }),
    ).toEqual([
      [false, `Not installed ${INDEX('security')}`],
      [false, `Not installed ${INDEX('auditing-policy-monitoring')}`],
      [true, `${(12000).toLocaleString()} alerts in ${INDEX('threat-detection')}`],
    ]);
    expect(screen.getByText('Sample security information')).toBeTruthy();
    expect(screen.getByText('Sample malware detection')).toBeTruthy();
    expect(screen.getByText('Sample threat detection and response')).toBeTruthy();
  });

  it('adds a category for the selected host with progress, then says the alerts span the last 7 days', async () => {
    const { mock, toasts, user, release } = setup();
    await screen.findByTestId('sampleData-security');
    await user.click(card('security').getByTestId('sampleDataAdd'));
    await waitFor(() => expect(card('security').getByTestId('sampleDataProgress')).toBeTruthy());
    expect(card('threat-detection').getByTestId('sampleDataRemove')).toBeTruthy();
    expect(
      mock.calls.find((call) => call.method === 'POST' && call.path.includes('sample')),
    ).toEqual({
      method: 'POST',
      path: '/api/alerts/sample-data/security',
      body: { apiHostId: 'prod' },
    });

    release();
    await waitFor(() => expect(card('security').queryByText('Installed')).toBeTruthy());
    expect(card('security').getByTestId('sampleDataCount').textContent).toBe(
      `${(27000).toLocaleString()} alerts in ${INDEX('security')}`,
    );
    expect(card('security').queryByTestId('sampleDataProgress')).toBeNull();
    expect(toasts).toEqual([
      {
        color: 'success',
        toast: {
          title: 'Sample security information added',
          text: `${(27000).toLocaleString()} alerts dated over the last 7 days, in ${INDEX('security')}.`,
        },
      },
    ]);
  });

  it('removes an installed category after confirming', async () => {
    const { mock, toasts, user, confirm } = setup();
    await screen.findByTestId('sampleData-threat-detection');
    await user.click(card('threat-detection').getByTestId('sampleDataRemove'));
    await waitFor(() => expect(card('threat-detection').getByTestId('sampleDataAdd')).toBeTruthy());
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(String(confirm.mock.calls[0][0])).toContain(INDEX('threat-detection'));
    expect(mock.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(card('threat-detection').queryByText('Installed')).toBeNull();
    expect(toasts.map(({ toast }) => toast.title)).toEqual([
      'Sample threat detection and response removed',
    ]);
  });

  it('keeps the data when the removal is not confirmed', async () => {
    const { mock, user, confirm } = setup();
    confirm.mockResolvedValueOnce(false);
    await screen.findByTestId('sampleData-threat-detection');
    await user.click(card('threat-detection').getByTestId('sampleDataRemove'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(mock.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(card('threat-detection').getByText('Installed')).toBeTruthy();
  });

  it('shows a failed addition in its card, with the indexer’s reason', async () => {
    const { toasts, user, release } = setup({
      failAdd: fail(502, {
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'The indexer is too busy to take the request (HTTP 429).',
        attributes: { code: 'indexer_rejected' },
      }),
    });
    await screen.findByTestId('sampleData-security');
    await user.click(card('security').getByTestId('sampleDataAdd'));
    await waitFor(() => expect(card('security').getByTestId('sampleDataProgress')).toBeTruthy());
    release();
    const error = await waitFor(() => card('security').getByTestId('sampleDataError'));
    expect(error.textContent).toContain('The indexer is too busy to take the request (HTTP 429).');
    expect(error.textContent).toContain('HTTP 502');
    expect(card('security').getByTestId('sampleDataAdd')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('lets users who are not administrators look but not change anything', async () => {
    setup({ roles: ['user'] });
    await screen.findByTestId('sampleDataReadOnly');
    await screen.findByTestId('sampleData-threat-detection');
    expect(card('threat-detection').getByText('Installed')).toBeTruthy();
    expect(screen.queryByTestId('sampleDataAdd')).toBeNull();
    expect(screen.queryByTestId('sampleDataRemove')).toBeNull();
  });

  it('says how to connect an indexer when none is configured', async () => {
    setup({
      listFails: fail(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'No indexer is configured',
        attributes: { code: 'indexer_not_configured' },
      }),
    });
    await screen.findByTestId('indexerNotConfigured');
    expect(screen.queryByTestId('sampleData-security')).toBeNull();
  });
});
