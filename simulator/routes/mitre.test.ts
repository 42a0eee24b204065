// The MITRE ATT&CK routes: the catalogue subset, linked both ways, with the API's list parameters and envelope.
import { READONLY_USER, type ManagedApi, startManagedApi } from '../index';
import { login, request } from '../test-client';

// Servers start slowly on a loaded machine.
jest.setTimeout(30_000);

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API items

describe('simulator MITRE ATT&CK routes', () => {
  let api: ManagedApi;
  let token: string;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 3, seed: 1 });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const get = (path: string, as = token) => request(api.url, as, 'GET', path);
  const items = async (path: string): Promise<Item[]> => (await get(path)).json.data.affected_items;

  it('lists the fourteen enterprise tactics in the affected-items envelope', async () => {
    const response = await get('/mitre/tactics');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      data: { total_affected_items: 14, total_failed_items: 0, failed_items: [] },
      message: 'All tactics information was returned',
      error: 0,
    });
    const ids = response.json.data.affected_items.map((tactic: Item) => tactic.external_id).sort();
    expect(ids).toEqual([
      'TA0001',
      'TA0002',
      'TA0003',
      'TA0004',
      'TA0005',
      'TA0006',
      'TA0007',
      'TA0008',
      'TA0009',
      'TA0010',
      'TA0011',
      'TA0040',
      'TA0042',
      'TA0043',
    ]);
    const lateral = response.json.data.affected_items.find(
      (tactic: Item) => tactic.external_id === 'TA0008',
    );
    expect(lateral).toMatchObject({
      name: 'Lateral Movement',
      short_name: 'lateral-movement',
      url: 'https://attack.mitre.org/tactics/TA0008',
      source: 'mitre-attack',
    });
    expect(lateral.id).toMatch(/^x-mitre-tactic--[0-9a-f-]{36}$/);
  });

  it('links every technique to its tactics and every tactic to its techniques', async () => {
    const tactics = await items('/mitre/tactics');
    const techniques = await items('/mitre/techniques');
    expect(techniques.length).toBeGreaterThanOrEqual(40);
    const tacticById = new Map(tactics.map((tactic) => [tactic.id, tactic]));
    for (const technique of techniques) {
      expect(technique.external_id).toMatch(/^T\d{4}(\.\d{3})?$/);
      expect(technique.tactics.length).toBeGreaterThan(0);
      for (const tacticId of technique.tactics)
        expect(tacticById.get(tacticId)?.techniques).toContain(technique.id);
    }
    for (const tactic of tactics) expect(tactic.techniques.length).toBeGreaterThan(0);
    const bruteForce = techniques.find((technique) => technique.external_id === 'T1110');
    expect(bruteForce?.name).toBe('Brute Force');
    expect(bruteForce?.tactics.map((id: string) => tacticById.get(id)?.name)).toEqual([
      'Credential Access',
    ]);
  });

  it('pages with limit and offset, counting matches before paging', async () => {
    const page = await get('/mitre/techniques?limit=5&offset=10');
    expect(page.json.data.affected_items).toHaveLength(5);
    expect(page.json.data.total_affected_items).toBe((await items('/mitre/techniques')).length);
    expect((await get('/mitre/techniques?limit=0')).status).toBe(400);
  });

  it('searches, filters with q, sorts and selects', async () => {
    expect((await items('/mitre/techniques?search=brute')).map((item) => item.external_id)).toEqual(
      ['T1110'],
    );
    expect((await items('/mitre/tactics?q=external_id=TA0006')).map((item) => item.name)).toEqual([
      'Credential Access',
    ]);
    const sorted = await items('/mitre/tactics?sort=-external_id&select=name,external_id');
    expect(sorted[0]).toEqual({
      id: expect.any(String),
      name: 'Reconnaissance',
      external_id: 'TA0043',
    });
    expect(Object.keys(sorted[1]).sort()).toEqual(['external_id', 'id', 'name']);
    expect((await get('/mitre/tactics?sort=nope')).json.error).toBe(1403);
  });

  it('selects tactics and techniques by their ids', async () => {
    const [first, second] = await items('/mitre/tactics?limit=2');
    const chosen = await items(`/mitre/tactics?tactic_ids=${first.id},${second.id}`);
    expect(chosen.map((tactic) => tactic.id)).toEqual([first.id, second.id]);
    const techniqueIds = first.techniques.slice(0, 2).join(',');
    expect(
      (await items(`/mitre/techniques?technique_ids=${techniqueIds}`)).map((item) => item.id),
    ).toEqual(first.techniques.slice(0, 2));
  });

  it('serves its metadata and lets the read-only role read the catalogue', async () => {
    expect((await items('/mitre/metadata')).map((entry) => entry.key)).toEqual([
      'db_version',
      'mitre_version',
    ]);
    const readonly = await login(api.url, READONLY_USER);
    expect((await get('/mitre/tactics?limit=1', readonly)).status).toBe(200);
  });
});
