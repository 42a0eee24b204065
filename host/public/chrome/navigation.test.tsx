import { EuiProvider } from '@elastic/eui';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, type MemoryHistory } from 'history';
import { ApplicationRegistry } from '../application/application-registry';
import { AppRouter } from '../application/app-router';
import { BasePath } from '../http/base-path';
import { ToastsApi } from '../notifications/toasts-api';
import type { App, AppCategory } from '../types';
import { createStore } from '../utils/store';
import { ChromeService } from './chrome-service';
import { Header } from './header';
import { entryOfLocation, navGroups } from './nav-entries';
import { searchNavEntries } from './nav-search';

configure({ testIdAttribute: 'data-test-subj' });
jest.setTimeout(30000);

const HOME: AppCategory = { id: 'home', label: 'Home', order: 0 };
const ENDPOINT: AppCategory = { id: 'endpoint-security', label: 'Endpoint security', order: 200 };
const SERVER: AppCategory = { id: 'server-management', label: 'Server management', order: 700 };

const app = (id: string, extra: Partial<App> = {}): App => ({
  id,
  title: id,
  mount: () => () => undefined,
  ...extra,
});

/** Apps shaped like the main plugin's: categories, deep links in their own category or nested. */
const APPS: App[] = [
  app('server', {
    title: 'Server',
    order: 703,
    category: SERVER,
    deepLinks: [
      { id: 'logs', title: 'Logs', path: '?tab=logs', order: 3 },
      { id: 'status', title: 'Status', path: '?tab=status', order: 1 },
    ],
  }),
  app('modules', {
    title: 'Modules',
    order: 2,
    category: HOME,
    deepLinks: [
      {
        id: 'fim',
        title: 'File Integrity Monitoring',
        path: '/fim',
        category: ENDPOINT,
        order: 202,
      },
    ],
  }),
  app('sca', { title: 'SCA', order: 203, category: ENDPOINT }),
  app('overview', { title: 'Overview', order: 1, category: HOME }),
  app('rules', { title: 'Rules', order: 700, category: SERVER }),
  app('extra', { title: 'Extra', order: 5 }),
];

function registryOf(apps: App[], basePath = ''): ApplicationRegistry {
  const registry = new ApplicationRegistry(basePath);
  apps.forEach((each) => registry.register(each));
  registry.close();
  return registry;
}

describe('navigation groups', () => {
  const groups = navGroups(registryOf(APPS).navLinks());

  it('makes one group per category by its order, apps without one last', () => {
    expect(groups.map((group) => group.category?.label)).toEqual([
      'Home',
      'Endpoint security',
      'Server management',
      undefined,
    ]);
  });

  it("lists a deep link with a category of its own in that category's group, by order", () => {
    expect(groups[0].entries.map((entry) => entry.id)).toEqual(['overview', 'modules']);
    expect(groups[1].entries.map((entry) => [entry.id, entry.link])).toEqual([
      ['modules:fim', '/app/modules/fim'],
      ['sca', '/app/sca'],
    ]);
  });

  it('lists other deep links right under their app, in their order', () => {
    expect(groups[2].entries.map((entry) => [entry.id, entry.link, entry.parentTitle])).toEqual([
      ['rules', '/app/rules', undefined],
      ['server', '/app/server', undefined],
      ['server:status', '/app/server?tab=status', 'Server'],
      ['server:logs', '/app/server?tab=logs', 'Server'],
    ]);
  });

  it('finds the entry of a location: the deep link whose path and parameters it carries, else the app', () => {
    const entries = groups.flatMap((group) => group.entries);
    const at = (pathname: string, search = '') =>
      entryOfLocation(entries, { pathname, search })?.id;
    expect(at('/app/server', '?tab=logs&host=demo')).toBe('server:logs');
    expect(at('/app/server', '?host=demo')).toBe('server');
    expect(at('/app/server', '?tab=configuration')).toBe('server');
    expect(at('/app/modules/fim', '?host=demo&tab=events')).toBe('modules:fim');
    expect(at('/app/modules/mitre')).toBe('modules');
    expect(at('/app/serverx')).toBeUndefined();
  });
});

describe('palette search', () => {
  const entries = navGroups(registryOf(APPS).navLinks()).flatMap((group) => group.entries);
  const search = (query: string) => searchNavEntries(entries, query).map((entry) => entry.id);

  it('needs every word somewhere in the title, the category or the app of a deep link', () => {
    expect(search('server log')).toEqual(['server:logs']);
    expect(search('FILE integrity')).toEqual(['modules:fim']);
    expect(search('endpoint sca')).toEqual(['sca']);
    expect(search('nothing like this')).toEqual([]);
  });

  it('ranks the exact title, then a title that starts with the query, then the others', () => {
    expect(search('s').slice(0, 3)).toEqual(['sca', 'server', 'server:status']);
    expect(search('server')[0]).toBe('server');
    expect(search('  ')).toEqual(entries.map((entry) => entry.id));
  });
});

describe('shell navigation and command palette', () => {
  let history: MemoryHistory;
  let router: AppRouter;
  let chrome: ChromeService;

  /** The shell's header over apps on a `/svc` base path, at the given window width. */
  async function renderShell(path: string, { width = 1024, username = 'alice' } = {}) {
    window.innerWidth = width;
    history = createMemoryHistory({ initialEntries: [path] });
    const basePath = new BasePath('/svc');
    const registry = registryOf(APPS, '/svc');
    router = new AppRouter({
      registry,
      history,
      basePath,
      confirm: async () => true,
      onAppChange: () => undefined,
      onError: () => undefined,
    });
    chrome = new ChromeService(window.localStorage);
    const security = {
      getCurrentUser: async () => ({ username, roles: [] }),
      logout: async () => undefined,
    };
    render(
      <EuiProvider colorMode="light">
        <Header
          registry={registry}
          router={router}
          chrome={chrome}
          security={security}
          toasts={new ToastsApi()}
          loadingCount={createStore(0)}
        />
      </EuiProvider>,
    );
    await act(async () => router.attach(document.createElement('div')));
    await screen.findByTestId('userMenuButton');
  }

  const path = () => `${history.location.pathname}${history.location.search}`;

  beforeEach(() => window.localStorage.clear());
  afterEach(() => router.detach());

  it('at 1024 px opens from the menu button, with real links and the page highlighted', async () => {
    const user = userEvent.setup();
    await renderShell('/svc/app/server?tab=logs');
    expect(screen.queryByTestId('collapsibleNav')).toBeNull();

    await user.click(screen.getByTestId('toggleNavButton'));
    const nav = await screen.findByTestId('collapsibleNav');
    const groupTitles = within(nav)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(groupTitles).toEqual([
      'Recently visited',
      'Home',
      'Endpoint security',
      'Server management',
      'Other',
    ]);
    expect(screen.getByTestId('navLink-server')).toHaveAttribute('href', '/svc/app/server');
    expect(screen.getByTestId('navDeepLink-modules-fim')).toHaveAttribute(
      'href',
      '/svc/app/modules/fim',
    );
    expect(screen.getByTestId('navDeepLink-server-logs')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('navLink-server')).not.toHaveAttribute('aria-current');

    // A plain click stays in the page and closes the overlay; the app's entry is now highlighted.
    await user.click(screen.getByTestId('navLink-rules'));
    expect(path()).toBe('/svc/app/rules');
    expect(screen.queryByTestId('collapsibleNav')).toBeNull();
    await user.click(screen.getByTestId('toggleNavButton'));
    expect(await screen.findByTestId('navLink-rules')).toHaveAttribute('aria-current', 'page');

    // The logo leads to the app `/app` opens: the first by order.
    const logo = screen.getByTestId('headerLogo');
    expect(logo).toHaveAttribute('href', '/svc/app/overview');
    await user.click(logo);
    expect(path()).toBe('/svc/app/overview');
  });

  it('leaves a modified click (new tab) to the browser', async () => {
    await renderShell('/svc/app/overview');
    await userEvent.click(screen.getByTestId('toggleNavButton'));
    const link = await screen.findByTestId('navLink-sca');
    let leftToTheBrowser = false;
    // Runs after the shell's handler; jsdom itself cannot open tabs, so the test stops it there.
    const observe = (event: Event) => {
      leftToTheBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', observe);
    try {
      link.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }),
      );
    } finally {
      document.removeEventListener('click', observe);
    }
    expect(leftToTheBrowser).toBe(true);
    expect(path()).toBe('/svc/app/overview');
  });

  it('stays docked beside the page on a wide window until the user undocks it', async () => {
    await renderShell('/svc/app/overview', { width: 1440 });
    expect(screen.getByTestId('collapsibleNav')).toBeInTheDocument();
    expect(screen.queryByTestId('toggleNavButton')).toBeNull();

    await userEvent.click(screen.getByTestId('navDockButton'));
    expect(screen.queryByTestId('collapsibleNav')).toBeNull();
    expect(window.localStorage.getItem('svc.nav.isDocked')).toBe('false');
    expect(screen.getByTestId('toggleNavButton')).toBeInTheDocument();
  });

  it("lists the user's recently visited pages, newest first, and keeps them for the next page", async () => {
    const user = userEvent.setup();
    await renderShell('/svc/app/overview', { width: 1440 });
    await act(async () => {
      history.push('/svc/app/server?tab=logs&host=demo');
    });
    await act(async () => {
      history.push('/svc/app/modules/fim?host=demo');
    });
    const recentLabels = () =>
      within(screen.getByTestId('navRecentlyVisited'))
        .getAllByTestId('navRecentLink')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(recentLabels()).toEqual([
      ['File Integrity Monitoring', '/svc/app/modules/fim'],
      ['Server › Logs', '/svc/app/server?tab=logs'],
      ['Overview', '/svc/app/overview'],
    ]);

    await user.click(screen.getAllByTestId('navRecentLink')[1]);
    expect(path()).toBe('/svc/app/server?tab=logs');
    expect(recentLabels()[0][0]).toBe('Server › Logs');

    // Another page load for the same user starts from the stored list; another user has their own.
    const stored = JSON.parse(window.localStorage.getItem('svc.recentlyAccessed.alice') ?? '[]');
    expect(stored.map((item: { id: string }) => item.id)).toEqual([
      'server:logs',
      'modules:fim',
      'overview',
    ]);
    expect(window.localStorage.getItem('svc.recentlyAccessed.bob')).toBeNull();
  });

  it('opens the palette with Ctrl+K, finds "logs" and goes there with Enter', async () => {
    const user = userEvent.setup();
    await renderShell('/svc/app/overview');
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByTestId('commandPalette');
    const search = within(palette).getByTestId('commandPaletteSearch');
    expect(search).toHaveFocus();

    await user.keyboard('logs');
    const options = within(palette).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Server › Logs'),
    ]);
    await user.keyboard('{Enter}');
    expect(path()).toBe('/svc/app/server?tab=logs');
    expect(screen.queryByTestId('commandPalette')).toBeNull();
  });

  it('leaves Ctrl+K to a part of the page that handles it itself', async () => {
    await renderShell('/svc/app/overview');
    const editor = document.createElement('div');
    editor.tabIndex = 0;
    editor.addEventListener('keydown', (event) => event.preventDefault());
    document.body.appendChild(editor);
    try {
      editor.focus();
      await userEvent.keyboard('{Control>}k{/Control}');
      expect(screen.queryByTestId('commandPalette')).toBeNull();
    } finally {
      editor.remove();
    }
  });

  it('finds entries by category, moves with the arrows and closes with Escape', async () => {
    const user = userEvent.setup();
    await renderShell('/svc/app/overview');
    await user.click(screen.getByTestId('commandPaletteButton'));
    await screen.findByTestId('commandPalette');

    await user.keyboard('endpoint');
    const titles = () =>
      within(screen.getByTestId('commandPalette'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('data-test-subj'));
    expect(titles()).toEqual(['paletteOption-modules:fim', 'paletteOption-sca']);
    /** The option the search field points at (what Enter would open). */
    const active = () => {
      const id = screen.getByTestId('commandPaletteSearch').getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.getAttribute('data-test-subj') : undefined;
    };
    expect(active()).toBe('paletteOption-modules:fim');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('paletteOption-sca');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('paletteOption-modules:fim');

    // A title match ranks above a category match.
    await user.clear(screen.getByTestId('commandPaletteSearch'));
    await user.keyboard('server');
    expect(titles()[0]).toBe('paletteOption-server');

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('commandPalette')).toBeNull();
    expect(path()).toBe('/svc/app/overview');
  });
});
