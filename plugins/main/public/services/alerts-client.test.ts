import { ALERTS_ROUTES } from '../../common/alerts/api';
import { createMockHttp, fail } from '../test-support/mock-http';
import { AlertsClient, AlertsRouteError } from './alerts-client';
import { CsvExporter } from './csv-export';

function client(routes: Parameters<typeof createMockHttp>[0]) {
  const mock = createMockHttp(routes);
  const csv = new CsvExporter(mock.http.basePath, async () =>
    Promise.reject(new Error('no fetch')),
  );
  return { mock, alerts: new AlertsClient(mock.http, csv) };
}

describe('AlertsClient', () => {
  it('posts the selection as JSON to the search route and returns the answer', async () => {
    const answer = { total: { value: 1, relation: 'eq' }, hits: [], includesSampleData: false };
    const { mock, alerts } = client({ [`POST ${ALERTS_ROUTES.search}`]: () => answer });
    const request = {
      apiHostId: 'prod',
      timeRange: { from: 'now-24h', to: 'now' },
      size: 15,
      page: 0,
    };
    await expect(alerts.search(request)).resolves.toEqual(answer);
    expect(mock.calls).toEqual([{ method: 'POST', path: '/api/alerts/search', body: request }]);
  });

  it('keeps the route error code, so views tell an indexer problem from a refused request', async () => {
    const { alerts } = client({
      [`POST ${ALERTS_ROUTES.aggregate}`]: () =>
        fail(504, {
          statusCode: 504,
          error: 'Gateway Timeout',
          message: 'The indexer did not answer within 30000 ms',
          attributes: { code: 'indexer_timeout' },
        }),
      [`POST ${ALERTS_ROUTES.search}`]: () =>
        fail(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: '[request body.sort.0.field]: unknown field [nope]',
        }),
    });
    const timeout = await alerts
      .aggregate({ apiHostId: 'prod', timeRange: { from: 'now-1h', to: 'now' }, charts: [] })
      .catch((error: unknown) => error);
    expect(timeout).toBeInstanceOf(AlertsRouteError);
    expect(timeout).toMatchObject({
      reason: 'indexer_timeout',
      status: 504,
      title: 'Gateway Timeout',
      detail: 'The indexer did not answer within 30000 ms',
      isUnanswerable: true,
    });
    const refused = await alerts
      .search({ apiHostId: 'prod', timeRange: { from: 'now-1h', to: 'now' }, size: 15 })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, reason: undefined, isUnanswerable: false });
    expect((refused as AlertsRouteError).detail).toContain('unknown field [nope]');
  });

  it.each([
    [503, 'manager_pin_unavailable', 'scope'],
    [400, 'agent_filter_too_large', 'scope'],
    [502, 'indexer_bad_answer', 'indexer'],
    [502, undefined, 'request'],
    [503, 'report_store_failed', 'request'],
  ])('a %i with code %s blames the %s, whatever the status', async (status, code, source) => {
    const { alerts } = client({
      [`POST ${ALERTS_ROUTES.search}`]: () =>
        fail(status, { statusCode: status, message: 'no', attributes: code ? { code } : {} }),
    });
    const failure = await alerts
      .search({ apiHostId: 'prod', timeRange: { from: 'now-1h', to: 'now' }, size: 15 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ failureSource: source, isUnanswerable: source !== 'request' });
  });

  it('reads the fields sorted by name', async () => {
    const level = {
      name: 'rule.level',
      type: 'number',
      esType: 'long',
      searchable: true,
      aggregatable: true,
    };
    const agent = { ...level, name: 'agent.name', type: 'string', esType: 'keyword' };
    const { alerts } = client({
      [`GET ${ALERTS_ROUTES.fields}`]: () => ({ fields: [level, agent] }),
    });
    await expect(alerts.fields()).resolves.toEqual([agent, level]);
  });
});
