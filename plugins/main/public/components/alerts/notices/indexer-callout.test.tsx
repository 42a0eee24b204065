/** How a failed alerts-route call reads as an indexer problem, from the raw answer or the alerts client's error. */
import { SvcError } from '../../../services/svc-error';
import { indexerProblemOf } from './indexer-callout';

function httpError(status: number, body: unknown): Error {
  return Object.assign(new Error(`HTTP ${status}`), {
    name: 'HttpFetchError',
    request: { url: '/api/alerts/aggregate' },
    response: { status },
    body,
  });
}

describe('indexerProblemOf', () => {
  it('reads "not configured" from the error body', () => {
    const error = httpError(503, {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'No indexer is configured',
      attributes: { code: 'indexer_not_configured' },
    });
    expect(indexerProblemOf(error)).toEqual({ kind: 'not_configured' });
  });

  it('reads "not configured" from an error that already carries the route code', () => {
    const error = Object.assign(
      new SvcError({ title: 'Service Unavailable', detail: 'No indexer', source: 'dashboard' }),
      { reason: 'indexer_not_configured' },
    );
    expect(indexerProblemOf(error)).toEqual({ kind: 'not_configured' });
  });

  it('does not blame the indexer for what the managed API would not say', () => {
    const error = httpError(502, {
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'API host [prod] gave no manager name for agent 000 (GET /agents?agents_list=000).',
      attributes: { code: 'manager_pin_unavailable', apiHostId: 'prod' },
    });
    expect(indexerProblemOf(error)).toMatchObject({
      kind: 'unavailable',
      code: 'manager_pin_unavailable',
      fromIndexer: false,
    });
  });

  it('keeps the cause, code, status and the hosts the answer names', () => {
    const error = httpError(504, {
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The indexer did not answer in time (svc.indexer.requestTimeoutMs)',
      attributes: { code: 'indexer_timeout', hosts: ['https://indexer:9200'] },
    });
    expect(indexerProblemOf(error)).toEqual({
      kind: 'unavailable',
      title: 'Gateway Timeout',
      cause: 'The indexer did not answer in time (svc.indexer.requestTimeoutMs)',
      code: 'indexer_timeout',
      fromIndexer: true,
      status: 504,
      hosts: ['https://indexer:9200'],
    });
  });
});
