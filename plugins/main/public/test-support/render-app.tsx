/** One app rendered for a component test, with one stored API host and the managed API mocked. */
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppRoot } from '../apps/app-root';
import { createMockHttp, type ManagedApiHandler } from './mock-http';
import { createTestServices, memoryHistory, renderWithServices } from './test-services';

export const TEST_API_HOST = {
  id: 'prod',
  url: 'https://manager.example.org',
  port: 55000,
  username: 'wui',
  run_as: false,
  tls_verify: true,
  version: 'v1',
};

export function renderApp(
  view: ReactNode,
  {
    title,
    url,
    managedApi,
    roles,
    fetch,
  }: {
    title: string;
    url: string;
    managedApi: ManagedApiHandler;
    roles?: string[];
    /** What the CSV export calls. */
    fetch?: typeof globalThis.fetch;
  },
) {
  const mock = createMockHttp(
    { 'GET /hosts/apis': () => [TEST_API_HOST], 'POST /utils/logs/ui': () => ({}) },
    managedApi,
  );
  const test = createTestServices(mock, { fetch, roles });
  const history = memoryHistory(url);
  renderWithServices(
    <AppRoot services={test.services} history={history} title={title}>
      {view}
    </AppRoot>,
    test.services,
  );
  return {
    ...test,
    mock,
    history,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}
