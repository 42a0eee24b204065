// `GET /syscheck/{agent_id}`: the files integrity monitoring watches, in the affected-items envelope.
import { type ManagedApi, startManagedApi } from '../index';
import { login, request } from '../test-client';

// Servers start slowly on a loaded machine.
jest.setTimeout(30_000);

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API items

describe('simulator syscheck route', () => {
  let api: ManagedApi;
  let token: string;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 3, seed: 1 });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const get = (path: string) => request(api.url, token, 'GET', path);

  it("lists an agent's watched files with their hashes, owners and change counts", async () => {
    const response = await get('/syscheck/001');
    expect(response.status).toBe(200);
    expect(response.json.error).toBe(0);
    const files: Item[] = response.json.data.affected_items;
    expect(files.length).toBeGreaterThan(0);
    expect(response.json.data.total_affected_items).toBe(files.length);
    for (const file of files) {
      expect(file).toMatchObject({ type: 'file', changes: expect.any(Number) });
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(file.mtime)).toBeLessThanOrEqual(Date.parse(file.date));
    }
    // The same files on every call: the inventory is a function of the seed.
    expect((await get('/syscheck/001')).json.data.affected_items).toEqual(files);
  });

  it('filters, sorts, pages and searches like the other lists', async () => {
    const all: Item[] = (await get('/syscheck/001')).json.data.affected_items;
    const one = all[1].file as string;
    const filtered = await get(`/syscheck/001?file=${encodeURIComponent(one)}`);
    expect(filtered.json.data.affected_items.map((file: Item) => file.file)).toEqual([one]);
    const page = await get('/syscheck/001?limit=2&offset=1&sort=%2Bfile');
    const sorted = all.map((file) => file.file as string).sort();
    expect(page.json.data.affected_items.map((file: Item) => file.file)).toEqual(
      sorted.slice(1, 3),
    );
  });

  it('answers an unknown agent with a failed item', async () => {
    const response = await get('/syscheck/999');
    expect(response.json.data.failed_items[0]).toMatchObject({ id: ['999'] });
  });
});
