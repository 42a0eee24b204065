import { RECENTLY_ACCESSED_MAX_ITEMS, RecentlyAccessed } from './recently-accessed';

const KEY = (user: string) => `svc.recentlyAccessed.${user}`;

describe('recently accessed', () => {
  beforeEach(() => window.localStorage.clear());

  it('puts the newest first, moves a page seen again to the top and keeps at most the maximum', () => {
    const recent = new RecentlyAccessed(window.localStorage);
    recent.useStorageOf('alice');
    recent.add('/app/a', 'A', 'a');
    recent.add('/app/b', 'B', 'b');
    recent.add('/app/a', 'A', 'a');
    expect(recent.get().map(({ id }) => id)).toEqual(['a', 'b']);
    for (let index = 0; index < RECENTLY_ACCESSED_MAX_ITEMS + 5; index += 1)
      recent.add(`/app/x${index}`, `X${index}`, `x${index}`);
    expect(recent.get()).toHaveLength(RECENTLY_ACCESSED_MAX_ITEMS);
    expect(recent.get()[0].id).toBe(`x${RECENTLY_ACCESSED_MAX_ITEMS + 4}`);
    expect(JSON.parse(window.localStorage.getItem(KEY('alice')) ?? '[]')).toHaveLength(
      RECENTLY_ACCESSED_MAX_ITEMS,
    );
  });

  it("keeps each user's list apart in the same browser", () => {
    const alices = new RecentlyAccessed(window.localStorage);
    alices.useStorageOf('alice');
    alices.add('/app/agents', 'Agents', 'svc-agents');

    const bobs = new RecentlyAccessed(window.localStorage);
    bobs.useStorageOf('bob');
    expect(bobs.get()).toEqual([]);
    bobs.add('/app/rules', 'Rules', 'svc-rules');

    const alicesNextPage = new RecentlyAccessed(window.localStorage);
    alicesNextPage.useStorageOf('alice');
    expect(alicesNextPage.get()).toEqual([
      { link: '/app/agents', label: 'Agents', id: 'svc-agents' },
    ]);
  });

  it('keeps visits from before the user is known and puts them ahead of the stored list', () => {
    window.localStorage.setItem(
      KEY('alice'),
      JSON.stringify([
        { link: '/app/rules', label: 'Rules', id: 'svc-rules' },
        { link: '/app/agents', label: 'Agents', id: 'svc-agents' },
      ]),
    );
    const recent = new RecentlyAccessed(window.localStorage);
    recent.add('/app/agents', 'Agents', 'svc-agents');
    recent.useStorageOf('alice');
    expect(recent.get().map(({ id }) => id)).toEqual(['svc-agents', 'svc-rules']);
  });

  it('drops a stored list that is not JSON and entries that are not dashboard paths', () => {
    window.localStorage.setItem(KEY('alice'), '{not json');
    const recent = new RecentlyAccessed(window.localStorage);
    recent.useStorageOf('alice');
    expect(recent.get()).toEqual([]);

    window.localStorage.setItem(
      KEY('bob'),
      JSON.stringify([
        { link: 'https://elsewhere.example/', label: 'Away', id: 'away' },
        { link: '//elsewhere.example/', label: 'Away too', id: 'away-too' },
        { link: '/app/rules', label: 7, id: 'bad-label' },
        { link: '/app/rules', label: 'Rules', id: 'svc-rules' },
      ]),
    );
    const bobs = new RecentlyAccessed(window.localStorage);
    bobs.useStorageOf('bob');
    expect(bobs.get().map(({ id }) => id)).toEqual(['svc-rules']);
  });

  it('still works in memory when the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const recent = new RecentlyAccessed(refusing);
    recent.useStorageOf('alice');
    recent.add('/app/agents', 'Agents', 'svc-agents');
    expect(recent.get().map(({ id }) => id)).toEqual(['svc-agents']);
  });
});
