import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockHttp } from '../../test-support/mock-http';
import { createTestServices, renderWithServices } from '../../test-support/test-services';
import type { SearchField } from '../../query-languages/types';
import { SearchBar, type SearchSubmit } from './search-bar';

const fields: SearchField[] = [
  { name: 'id', description: 'agent id' },
  { name: 'name', description: 'agent name' },
  { name: 'status', values: ['active', 'disconnected', 'pending', 'never_connected'] },
  { name: 'os.platform' },
];

function setup(
  props: {
    value?: string;
    language?: string;
    languages?: string[];
    suggestValues?: jest.Mock;
  } = {},
) {
  const { services } = createTestServices(createMockHttp({}));
  const onSubmit = jest.fn<void, [SearchSubmit]>();
  const onLanguageChange = jest.fn();
  const user = userEvent.setup();
  renderWithServices(
    <SearchBar
      value={props.value ?? ''}
      language={props.language ?? 'wql'}
      languages={props.languages}
      fields={fields}
      suggestValues={props.suggestValues}
      onSubmit={onSubmit}
      onLanguageChange={onLanguageChange}
    />,
    services,
  );
  return { user, onSubmit, onLanguageChange };
}

async function input() {
  const field = screen.getByRole('combobox', { name: 'Search' });
  await waitFor(() => expect(screen.getByTestId('svcSearchBarSubmit')).toBeEnabled());
  return field;
}

async function suggestionLabels() {
  const list = await screen.findByRole('listbox', { name: 'Suggestions' });
  return within(list)
    .getAllByRole('option')
    .map((option) => option.querySelector('code')?.textContent);
}

// EUI forms re-render a lot per keystroke; on a loaded machine that takes a while.
jest.setTimeout(60_000);

describe('WQL search bar', () => {
  it('suggests fields as the user types and completes the picked one', async () => {
    const { user } = setup();
    const field = await input();
    await user.click(field);
    await user.type(field, 'os');
    expect(await suggestionLabels()).toEqual(['os.platform']);
    await user.click(screen.getByRole('option'));
    expect(field).toHaveValue('os.platform');
  });

  it('walks field → operator → value → conjunction with the keyboard and submits the translated q', async () => {
    const { user, onSubmit } = setup();
    const field = await input();
    await user.click(field);
    await user.type(field, 'stat');
    await waitFor(async () => expect(await suggestionLabels()).toEqual(['status']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue('status');
    await waitFor(async () => expect(await suggestionLabels()).toEqual(['=', '!=', '<', '>', '~']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue('status=');
    await waitFor(async () =>
      expect(await suggestionLabels()).toEqual([
        'active',
        'disconnected',
        'pending',
        'never_connected',
      ]),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(field).toHaveValue('status=disconnected ');
    await waitFor(async () => expect(await suggestionLabels()).toEqual(['and', 'or']));
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(field, 'name~web');
    await user.keyboard('{Escape}{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'status=disconnected and name~web',
      language: 'wql',
      query: { q: 'status=disconnected;name~web' },
    });
  });

  it('asks the value suggester for fields without fixed values', async () => {
    const suggestValues = jest.fn(async () => ['ubuntu', 'windows']);
    const { user } = setup({ suggestValues });
    const field = await input();
    await user.click(field);
    await user.type(field, 'os.platform=ub');
    await waitFor(async () => expect(await suggestionLabels()).toEqual(['ubuntu', 'windows']));
    expect(suggestValues).toHaveBeenLastCalledWith('os.platform', 'ub', expect.any(AbortSignal));
  });

  it('shows what is wrong instead of submitting invalid WQL', async () => {
    const { user, onSubmit } = setup();
    const field = await input();
    await user.type(field, 'status=active and colour=red{Escape}{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      screen.getByText(
        'Unknown field "colour". Known fields: id, name, status, os.platform (at character 19)',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '{Backspace}');
    expect(screen.queryByText(/Unknown field/)).not.toBeInTheDocument();
  });

  it('drops a syntax error once the user switches to another query language', async () => {
    const { user } = setup({ languages: ['wql', 'dql'] });
    const field = await input();
    await user.type(field, 'colour=red{Escape}{Enter}');
    expect(screen.getByText(/Unknown field "colour"/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Query language' }), 'dql');
    expect(screen.queryByText(/Unknown field/)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('submits plain words as a free-text search', async () => {
    const { user, onSubmit } = setup();
    const field = await input();
    await user.type(field, 'web server{Escape}');
    await user.click(screen.getByTestId('svcSearchBarSubmit'));
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'web server',
      language: 'wql',
      query: { search: 'web server' },
    });
  });

  it('starts from the query in effect and offers the other registered query languages', async () => {
    const { user, onSubmit, onLanguageChange } = setup({
      value: 'status:active',
      language: 'dql',
      languages: ['wql', 'dql', 'lucene'],
    });
    const field = await input();
    expect(field).toHaveValue('status:active');
    await user.click(screen.getByTestId('svcSearchBarSubmit'));
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'status:active',
      language: 'dql',
      query: { q: 'status=active' },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Query language' }), 'lucene');
    expect(onLanguageChange).toHaveBeenCalledWith('lucene');
  });
});
