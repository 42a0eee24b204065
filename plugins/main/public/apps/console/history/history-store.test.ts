import { BufferStore } from '../services/buffer-store';
import { INITIAL_BUFFER } from '../model/initial-buffer';
import {
  ConsoleHistory,
  entryRequest,
  HISTORY_LIMIT,
  historyEntry,
  historyStorageKey,
  type HistoryEntry,
} from './history-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function entry(path: string, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    method: 'GET',
    path,
    apiHostId: 'prod',
    sentAt: '2025-05-01T10:00:00.000Z',
    status: 200,
    durationMs: 5,
    ...extra,
  };
}

describe('console history store', () => {
  it('keeps entries newest first', () => {
    const history = new ConsoleHistory(memoryStorage(), 'alice');
    history.add(entry('/agents'));
    expect(history.add(entry('/rules')).map((item) => item.path)).toEqual(['/rules', '/agents']);
    expect(history.list().map((item) => item.path)).toEqual(['/rules', '/agents']);
  });

  it(`keeps the last ${HISTORY_LIMIT} only`, () => {
    const history = new ConsoleHistory(memoryStorage(), 'alice');
    for (let count = 0; count < HISTORY_LIMIT + 5; count += 1)
      history.add(entry(`/agents?offset=${count}`));
    const entries = history.list();
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0].path).toBe(`/agents?offset=${HISTORY_LIMIT + 4}`);
    expect(entries[HISTORY_LIMIT - 1].path).toBe('/agents?offset=5');
  });

  it('keeps each dashboard user’s history apart', () => {
    const storage = memoryStorage();
    new ConsoleHistory(storage, 'alice').add(entry('/agents'));
    expect(new ConsoleHistory(storage, 'bob').list()).toEqual([]);
    expect([...storage.items.keys()]).toEqual([historyStorageKey('alice')]);
  });

  it('reads entries saved with the former host id field name', () => {
    const storage = memoryStorage();
    const { apiHostId, ...saved } = entry('/agents');
    storage.setItem(historyStorageKey('alice'), JSON.stringify([{ ...saved, hostId: apiHostId }]));
    expect(new ConsoleHistory(storage, 'alice').list()).toEqual([entry('/agents')]);
  });

  it('clears everything', () => {
    const history = new ConsoleHistory(memoryStorage(), 'alice');
    history.add(entry('/agents'));
    history.clear();
    expect(history.list()).toEqual([]);
  });

  it('skips what it cannot read instead of failing', () => {
    const storage = memoryStorage();
    storage.setItem(historyStorageKey('alice'), '{not json');
    expect(new ConsoleHistory(storage, 'alice').list()).toEqual([]);
    storage.setItem(
      historyStorageKey('alice'),
      JSON.stringify([entry('/agents'), { method: 'BREW', path: 1 }]),
    );
    expect(new ConsoleHistory(storage, 'alice').list().map((item) => item.path)).toEqual([
      '/agents',
    ]);
  });

  it('records a response with method, path, body, host, time and status, and gives the request back', () => {
    const recorded = historyEntry({
      request: { method: 'POST', path: '/agents', body: { name: 'a' } },
      apiHostId: 'prod',
      sentAt: '2025-05-01T10:00:00.000Z',
      durationMs: 12.6,
      status: 200,
      outcome: 'success',
    });
    expect(recorded).toEqual({
      method: 'POST',
      path: '/agents',
      body: { name: 'a' },
      apiHostId: 'prod',
      sentAt: '2025-05-01T10:00:00.000Z',
      status: 200,
      durationMs: 13,
    });
    expect(entryRequest(recorded)).toEqual({
      method: 'POST',
      path: '/agents',
      body: { name: 'a' },
    });
  });
});

describe('console editor text store', () => {
  it('starts with the starting text, then keeps the user’s own (even when emptied)', () => {
    const storage = memoryStorage();
    const store = new BufferStore(storage, 'alice');
    expect(store.load()).toBe(INITIAL_BUFFER);
    store.save('GET /rules');
    expect(new BufferStore(storage, 'alice').load()).toBe('GET /rules');
    expect(new BufferStore(storage, 'bob').load()).toBe(INITIAL_BUFFER);
    store.save('');
    expect(store.load()).toBe('');
  });
});
