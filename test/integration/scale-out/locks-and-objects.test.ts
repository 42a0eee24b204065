/** Two instances on one PostgreSQL database: saved objects and guarded background jobs across them. */
import { join } from 'node:path';
import { describeWithPostgres } from '../../../host/server/saved-objects/postgres/test-support';
import type { TestClient } from '../harness';
import { eventually } from '../../support/waiting';
import { startTwoDashboards, type SharedDatabaseDashboards } from './support';

// Real servers, a database per file and scrypt hashing on a shared 2-core machine: generous limits.
jest.setTimeout(120_000);

describeWithPostgres('two instances on one PostgreSQL database', () => {
  let dashboards: SharedDatabaseDashboards;
  let a: TestClient;
  let b: TestClient;

  beforeAll(async () => {
    dashboards = await startTwoDashboards({ pluginsDir: join(__dirname, 'fixtures', 'plugins') });
    [a, b] = [await dashboards.a.login(), await dashboards.b.login()];
  });
  afterAll(() => dashboards?.stop());

  it('reads on one instance a saved object written on the other, and keeps versions consistent', async () => {
    const created = (await a.post('/api/probe/notes', { body: { text: 'written on A' } })).json<{
      id: string;
      version: string;
    }>();
    const read = await b.get(`/api/probe/notes/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.json()).toEqual({ text: 'written on A', version: created.version });

    const updatedOnB = await b.put(`/api/probe/notes/${created.id}`, {
      body: { text: 'changed on B', version: created.version },
    });
    expect(updatedOnB.status).toBe(200);
    const staleOnA = await a.put(`/api/probe/notes/${created.id}`, {
      body: { text: 'stale edit on A', version: created.version },
    });
    expect(staleOnA.status).toBe(409);
    expect((await a.get(`/api/probe/notes/${created.id}`)).json()).toMatchObject({
      text: 'changed on B',
    });
  });

  it('lets exactly one of two concurrent updates with the same version win across instances', async () => {
    for (let round = 0; round < 5; round += 1) {
      const created = (await a.post('/api/probe/notes', { body: { text: 'draft' } })).json<{
        id: string;
        version: string;
      }>();
      const statuses = await Promise.all(
        [a, b].map((client, i) =>
          client.put(`/api/probe/notes/${created.id}`, {
            body: { text: `from ${i}`, version: created.version },
          }),
        ),
      );
      expect(statuses.map((response) => response.status).sort()).toEqual([200, 409]);
    }
  });

  it('runs a job guarded by core.coordination.withLock on one instance only while it runs', async () => {
    const held = a.post('/api/probe/job', { body: { hold: true } });
    await eventually(
      async () => (await a.get('/api/probe/job')).json<{ holding: boolean }>().holding,
    );

    // The same job fires on both instances meanwhile (as a schedule would): neither runs it.
    const attempts = await Promise.all([
      b.post('/api/probe/job', { body: {} }),
      a.post('/api/probe/job', { body: {} }),
      b.post('/api/probe/job', { body: {} }),
    ]);
    expect(attempts.map((response) => response.json())).toEqual([
      { acquired: false },
      { acquired: false },
      { acquired: false },
    ]);
    expect((await b.get('/api/probe/job')).json()).toEqual({ runs: 0, holding: false });

    expect((await a.post('/api/probe/job/release')).json()).toEqual({ released: true });
    expect((await held).json()).toEqual({ acquired: true, result: 1 });
    // Released on completion: the other instance takes it at once.
    expect((await b.post('/api/probe/job', { body: {} })).json()).toEqual({
      acquired: true,
      result: 1,
    });
  });
});
