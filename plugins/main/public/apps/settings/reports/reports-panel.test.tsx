/** Settings → Reports and Generate report over a mocked dashboard. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReportJob, StoredReport } from '@main/common/modules/reports';
import {
  GenerateReportButton,
  REPORT_POLL_MS,
} from '../../../components/alerts/reports/generate-report-button';
import { createMockHttp } from '../../../test-support/mock-http';
import { createTestServices, renderWithServices } from '../../../test-support/test-services';
import { ReportsPanel } from './reports-panel';

const REPORT: StoredReport = {
  name: 'svc-module-file-integrity-monitoring-1700000000000.pdf',
  owner: 'tester',
  title: 'File Integrity Monitoring',
  viewId: 'file-integrity-monitoring',
  size: 20480,
  createdAt: '2025-01-01T10:00:00.000Z',
};

describe('Settings → Reports', () => {
  it('lists the reports with a download link and deletes one after confirming', async () => {
    let reports = [REPORT];
    const mock = createMockHttp({
      'POST /utils/logs/ui': () => ({}),
      'GET /api/reports': () => ({ reports }),
      [`DELETE /api/reports/${REPORT.name}`]: () => {
        reports = [];
        return { name: REPORT.name, deleted: true };
      },
    });
    const test = createTestServices(mock);
    renderWithServices(<ReportsPanel />, test.services);
    const link = await screen.findByTestId('reportLink');
    expect(link).toHaveAttribute('href', `/api/reports/${REPORT.name}`);
    expect(screen.getByTestId(`reportRow-${REPORT.name}`)).toHaveTextContent('20.0 KB');
    await userEvent.click(screen.getByTestId('reportDelete'));
    expect(test.confirm).toHaveBeenCalled();
    await screen.findByText('No report yet.');
  });
});

describe('Generate report', () => {
  afterEach(() => jest.useRealTimers());

  it('starts a report, shows its progress and then its download link', async () => {
    jest.useFakeTimers();
    const job: ReportJob = {
      id: 'j1',
      owner: 'tester',
      title: 'MITRE ATT&CK',
      status: 'running',
      progress: 40,
      stage: 'Drawing the panels',
      createdAt: '2025-01-01T10:00:00.000Z',
    };
    const mock = createMockHttp({
      'POST /utils/logs/ui': () => ({}),
      'POST /api/reports': () => job,
      'GET /api/reports/jobs/j1': () => ({
        ...job,
        status: 'succeeded',
        progress: 100,
        report: { name: 'r.pdf', size: 10 },
      }),
    });
    const test = createTestServices(mock);
    const request = {
      moduleId: 'mitre-attack',
      selection: { apiHostId: 'prod', timeRange: { from: 'now-24h', to: 'now' } },
    };
    renderWithServices(<GenerateReportButton request={request} />, test.services);
    const user = userEvent.setup({
      pointerEventsCheck: PointerEventsCheckLevel.Never,
      advanceTimers: jest.advanceTimersByTime,
    });
    await user.click(screen.getByTestId('generateReport'));
    expect(await screen.findByTestId('reportProgress')).toHaveTextContent(
      'Drawing the panels (40%)',
    );
    expect(mock.calls.find((call) => call.path === '/api/reports')?.body).toEqual(request);
    act(() => jest.advanceTimersByTime(REPORT_POLL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('reportDownload')).toHaveAttribute('href', '/api/reports/r.pdf'),
    );
  });
});
