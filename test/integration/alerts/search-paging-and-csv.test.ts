/**
 * Past the indexer's 10,000-hit window over HTTP: the table pages on with the cursor of the previous
 * page (a point in time and search_after), a forged cursor is refused, and the CSV export streams
 * every alert of the selection, formulas neutralised.
 */
import type { AlertsSearchResponse } from '../../../plugins/main/common/alerts/api';
import { eventually } from '../../support/waiting';
import { EVERY_MS, lastDay, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(180_000);

/** More than the window, within the last day (one alert every 5 s). */
const ALERTS = 12_500;

describe('alerts past the 10,000th hit', () => {
  let env: AlertsTestEnv;
  beforeAll(async () => {
    env = await startAlertsTestEnv({ ownAlerts: ALERTS });
  });
  afterAll(() => env?.stop());

  it('pages on past the window with the cursor, and refuses a forged one', async () => {
    const size = 100;
    const last = await env.admin.post('/api/alerts/search', {
      body: { ...lastDay, size, page: 99 },
    });
    expect(last.status).toBe(200);
    const inWindow = last.json<AlertsSearchResponse>();
    expect(inWindow.total).toEqual({ value: ALERTS, relation: 'eq' });
    expect(inWindow.cursor).toEqual(expect.any(String));

    let cursor = inWindow.cursor;
    let previous = inWindow.hits[size - 1];
    let seen = 10_000;
    while (cursor) {
      const response = await env.admin.post('/api/alerts/search', {
        body: { ...lastDay, size, cursor },
      });
      expect(response.status).toBe(200);
      const next = response.json<AlertsSearchResponse>();
      // Each page starts right after the previous one: one alert every EVERY_MS.
      expect(Date.parse(next.hits[0]._source.timestamp as string)).toBe(
        Date.parse(previous._source.timestamp as string) - EVERY_MS,
      );
      seen += next.hits.length;
      previous = next.hits[next.hits.length - 1];
      cursor = next.cursor;
    }
    expect(seen).toBe(ALERTS);

    const forged = `${Buffer.from(JSON.stringify({ pitId: 'x', searchAfter: [0], page: 100, selection: 'y' })).toString('base64url')}.${Buffer.alloc(32).toString('base64url')}`;
    const refused = await env.admin.post('/api/alerts/search', {
      body: { ...lastDay, size, cursor: forged },
    });
    expect(refused.status).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^\[request body\.cursor\]: is not a cursor this dashboard issued/,
    );
    const otherSelection = await env.admin.post('/api/alerts/search', {
      body: {
        ...lastDay,
        size,
        cursor: inWindow.cursor,
        filters: [{ field: 'agent.id', type: 'is', value: '001' }],
      },
    });
    expect(otherSelection.status).toBe(400);
    const otherUser = await env.user.post('/api/alerts/search', {
      body: { ...lastDay, size, cursor: inWindow.cursor },
    });
    expect(otherUser.status).toBe(400);
  });

  it('exports every alert of the selection as CSV, past 10,000 rows', async () => {
    const before = env.indexer.stats.byEndpoint.delete_pit ?? 0;
    const response = await env.admin.post('/api/alerts/csv', {
      body: {
        ...lastDay,
        columns: ['timestamp', 'agent.name', 'rule.description', 'rule.groups', 'rule.level'],
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="alerts-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv"$/,
    );
    expect(response.headers['x-svc-total-rows']).toBe(String(ALERTS));
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe('timestamp,agent.name,rule.description,rule.groups,rule.level');
    expect(lines).toHaveLength(ALERTS + 1);
    // Alert 0 is the newest: its description is a formula, written as text.
    expect(lines[1]).toMatch(/^[^,]+,agent-000,"'=HYPERLINK\(""http:\/\/x""\)",syscheck,0$/);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(ALERTS);
    await eventually(() => env.indexer.stats.byEndpoint.delete_pit === before + 1);
  });
});
