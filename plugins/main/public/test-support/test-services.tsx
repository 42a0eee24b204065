/** SvcServices for component tests: real services over a mock http client, recorded toasts. */
import { configure, render, type RenderResult } from '@testing-library/react';
import { createMemoryHistory, type MemoryHistory } from 'history';
import type { ReactNode } from 'react';
import { EuiProvider } from '@elastic/eui';
import createEmotion from '@emotion/css/create-instance';
import type { CoreStart, ToastInput } from '@host/public/types';
import { createChartPalette } from '../charts/palette';
import { SvcServicesProvider } from '../components/services-context';
import { registerSvcQueryLanguages, QueryLanguageRegistry } from '../query-languages/registry';
import { ApiHostsClient } from '../services/api-hosts-client';
import { CsvExporter, type SaveFile } from '../services/csv-export';
import { ErrorOrchestrator } from '../services/error-orchestrator';
import { ManagedApi } from '../services/managed-api';
import type { SvcServices } from '../services/svc-services';
import { Telemetry } from '../services/telemetry';
import type { MockHttp } from './mock-http';

// EUI components take `data-test-subj`; queries by test id look there. A loaded machine renders slowly.
configure({ testIdAttribute: 'data-test-subj', asyncUtilTimeout: 10_000 });

/**
 * jsdom has no canvas; EUI's combo box measures its input text with one. A context that measures
 * every character as 7 px wide is enough for layout code that only needs a number.
 */
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return {
      font: '',
      measureText: (text: string) => ({ width: text.length * 7 }),
    } as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
}

/**
 * Component tests need no styles, and every rule in the document makes jsdom's getComputedStyle
 * (called by focus traps and pointer checks on each interaction) slower: styles are not inserted.
 */
const { cache: styleFreeCache } = createEmotion({ key: 'svc-test' });
styleFreeCache.sheet.insert = () => undefined;

export interface TestServices {
  services: SvcServices;
  toasts: Array<{ color: 'danger' | 'warning' | 'success' | 'primary'; toast: ToastInput }>;
  confirm: jest.Mock<Promise<boolean>, [unknown, unknown?]>;
  saved: Array<{ blob: Blob; filename: string }>;
}

export function createTestServices(
  mock: MockHttp,
  options: { fetch?: typeof fetch; roles?: string[] } = {},
): TestServices {
  const toasts: TestServices['toasts'] = [];
  const saved: TestServices['saved'] = [];
  const record =
    (color: TestServices['toasts'][number]['color']) => (input: ToastInput | string) => {
      const toast = typeof input === 'string' ? { title: input } : input;
      toasts.push({ color, toast });
      return { ...toast, id: String(toasts.length) };
    };
  const confirm: TestServices['confirm'] = jest.fn(
    async (_message: unknown, _options?: unknown) => true,
  );
  const core = {
    application: {
      getUrlForApp: (appId: string, { path = '' }: { path?: string } = {}) =>
        `/app/${appId}${path}`,
      navigateToApp: jest.fn(async () => undefined),
      navigateToUrl: jest.fn(async () => undefined),
      currentAppId: () => 'svc-test',
    },
    notifications: {
      toasts: {
        add: record('primary'),
        addSuccess: record('success'),
        addWarning: record('warning'),
        addDanger: record('danger'),
        addInfo: record('primary'),
        addError: (error: Error, { title }: { title: string }) =>
          record('danger')({ title, text: error.message }),
        remove: () => undefined,
      },
    },
    overlays: { openConfirm: confirm },
    chrome: { setBreadcrumbs: jest.fn(), docTitle: { change: jest.fn(), reset: jest.fn() } },
    http: mock.http,
    security: {
      getCurrentUser: async () => ({ username: 'tester', roles: options.roles ?? ['admin'] }),
    },
  } as unknown as CoreStart;
  const queryLanguages = new QueryLanguageRegistry();
  registerSvcQueryLanguages(queryLanguages);
  const save: SaveFile = (blob, filename) => saved.push({ blob, filename });
  const services: SvcServices = {
    core,
    api: new ManagedApi(mock.http),
    hosts: new ApiHostsClient(mock.http),
    csv: new CsvExporter(
      mock.http.basePath,
      options.fetch ?? (async () => Promise.reject(new Error('no fetch in this test'))),
      save,
    ),
    errors: new ErrorOrchestrator({
      toasts: core.notifications.toasts,
      http: mock.http,
      location: () => '/app/svc-test',
    }),
    queryLanguages,
    palette: createChartPalette(),
    updates: {
      UpdatesNotification: () => <div data-test-subj="updatesNotification" />,
      DismissNotificationCheck: () => <div data-test-subj="dismissNotificationCheck" />,
    },
    telemetry: new Telemetry(false, { getItem: () => null, setItem: () => undefined }),
  };
  return { services, toasts, confirm, saved };
}

export function renderWithServices(node: ReactNode, services: SvcServices): RenderResult {
  return render(
    <EuiProvider
      colorMode="light"
      cache={styleFreeCache}
      globalStyles={false}
      utilityClasses={false}
    >
      <SvcServicesProvider services={services}>{node}</SvcServicesProvider>
    </EuiProvider>,
  );
}

export function memoryHistory(url = '/'): MemoryHistory {
  return createMemoryHistory({ initialEntries: [url] });
}
