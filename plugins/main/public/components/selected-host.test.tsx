import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { ApiHost } from '../../common/api-hosts';
import { SELECTED_API_HOST_STORAGE_KEY } from '../../../check-updates/public';
import { deferred } from '@test/support/waiting';
import { createMockHttp } from '../test-support/mock-http';
import { createTestServices, renderWithServices } from '../test-support/test-services';
import { HOST_URL_PARAM, SelectedHostProvider, useSelectedHost } from './selected-host';

const HOSTS = ['first', 'second', 'third'].map((id): ApiHost => ({
  id,
  url: `https://${id}.example.org`,
  port: 55000,
  username: 'u',
  tls_verify: true,
  run_as: false,
}));

function HostInUse() {
  const { host } = useSelectedHost();
  return <p data-test-subj="hostInUse">{host?.id ?? 'none yet'}</p>;
}

function Harness({ url = '' }: { url?: string }) {
  const [params, setParams] = useState(() => new URLSearchParams(url));
  return (
    <SelectedHostProvider
      urlParams={params}
      setUrlState={(changes) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) next.set(key, String(value));
          return next;
        })
      }
    >
      <HostInUse />
    </SelectedHostProvider>
  );
}

/** The hosts list and the user's default, each answered when the test says so. */
function backend(defaultId: string | null) {
  const list = deferred<ApiHost[]>();
  const mock = createMockHttp({
    'GET /hosts/apis': () => list.promise,
    'GET /hosts/default-api': () => ({ data: { id: defaultId } }),
  });
  const paths = () => mock.calls.map((call) => call.path);
  return { list, mock, paths };
}

describe('SelectedHostProvider', () => {
  afterEach(() => window.localStorage.clear());

  it('asks for the user default beside the list in a new browser, and uses it', async () => {
    const { list, mock, paths } = backend('second');
    renderWithServices(<Harness />, createTestServices(mock).services);
    await waitFor(() => expect(paths()).toEqual(['/hosts/apis', '/hosts/default-api']));
    expect(screen.getByTestId('hostInUse')).toHaveTextContent('none yet');
    list.resolve(HOSTS);
    await waitFor(() => expect(screen.getByTestId('hostInUse')).toHaveTextContent('second'));
    expect(window.localStorage.getItem(SELECTED_API_HOST_STORAGE_KEY)).toBe('second');
  });

  it('uses the host this browser worked with, without asking for the default', async () => {
    window.localStorage.setItem(SELECTED_API_HOST_STORAGE_KEY, 'third');
    const { list, mock, paths } = backend('second');
    renderWithServices(<Harness />, createTestServices(mock).services);
    list.resolve(HOSTS);
    await waitFor(() => expect(screen.getByTestId('hostInUse')).toHaveTextContent('third'));
    expect(paths()).toEqual(['/hosts/apis']);
  });

  it('asks for the default once the list shows the host this browser knew is gone', async () => {
    window.localStorage.setItem(SELECTED_API_HOST_STORAGE_KEY, 'removed');
    const { list, mock, paths } = backend('second');
    renderWithServices(<Harness />, createTestServices(mock).services);
    await waitFor(() => expect(paths()).toEqual(['/hosts/apis']));
    list.resolve(HOSTS);
    await waitFor(() => expect(screen.getByTestId('hostInUse')).toHaveTextContent('second'));
    expect(paths()).toEqual(['/hosts/apis', '/hosts/default-api']);
  });

  it('lets the URL win, without asking for the default', async () => {
    const { list, mock, paths } = backend('second');
    renderWithServices(
      <Harness url={`${HOST_URL_PARAM}=first`} />,
      createTestServices(mock).services,
    );
    list.resolve(HOSTS);
    await waitFor(() => expect(screen.getByTestId('hostInUse')).toHaveTextContent('first'));
    expect(paths()).toEqual(['/hosts/apis']);
  });

  it('falls back to the first host when the user has no default', async () => {
    const { list, mock } = backend(null);
    renderWithServices(<Harness />, createTestServices(mock).services);
    list.resolve(HOSTS);
    await waitFor(() => expect(screen.getByTestId('hostInUse')).toHaveTextContent('first'));
  });
});
