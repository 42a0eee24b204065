import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import type { ScopedHistory } from '@host/public/types';
import { AppUrlStateProvider } from '../components/app-url-state';
import { QueryLanguageRegistry } from '../query-languages/registry';
import type { ManagedApiQuery } from '../query-languages/types';
import { createMockHttp } from '../test-support/mock-http';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../test-support/test-services';
import { useSearchUrlState } from './use-search-url-state';

function Translated() {
  const { translate } = useSearchUrlState([{ name: 'status' }]);
  const [query, setQuery] = useState<ManagedApiQuery>();
  useEffect(() => {
    void translate().then(setQuery);
  }, [translate]);
  return <p data-test-subj="query">{query ? JSON.stringify(query) : 'waiting'}</p>;
}

function renderAt(url: string) {
  const { services } = createTestServices(createMockHttp({}));
  const load = jest.fn(async () => ({
    id: 'wql',
    label: 'WQL',
    translate: (text: string) => ({ ok: true as const, query: { q: `translated:${text}` } }),
  }));
  const queryLanguages = new QueryLanguageRegistry();
  queryLanguages.register({ id: 'wql', label: 'WQL', description: '', load });
  renderWithServices(
    <AppUrlStateProvider history={memoryHistory(url) as unknown as ScopedHistory}>
      {() => <Translated />}
    </AppUrlStateProvider>,
    { ...services, queryLanguages },
  );
  return load;
}

describe('useSearchUrlState', () => {
  it.each(['/', '/?query=', '/?query=%20%20'])(
    'translates a blank search at %s to no filter without loading the query language',
    async (url) => {
      const load = renderAt(url);
      await waitFor(() => expect(screen.getByTestId('query')).toHaveTextContent('{}'));
      expect(load).not.toHaveBeenCalled();
    },
  );

  it('loads the query language to translate a search', async () => {
    const load = renderAt('/?query=status%3Dactive');
    await waitFor(() =>
      expect(screen.getByTestId('query')).toHaveTextContent('{"q":"translated:status=active"}'),
    );
    expect(load).toHaveBeenCalledTimes(1);
  });
});
