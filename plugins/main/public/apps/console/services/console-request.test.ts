import type { HttpStart } from '@host/public/types';
import { sendConsoleRequest, type Clock } from './console-request';

/** An http double whose `post` answers once, as the shell's client would (resolve, or reject with an HttpFetchError shape). */
function httpAnswering(answer: { status: number; body?: unknown } | { networkFailure: string }) {
  const sent: Array<{ path: string; body: unknown; asResponse?: boolean }> = [];
  const post = async (path: string, options: { body: string; asResponse?: boolean }) => {
    sent.push({ path, body: JSON.parse(options.body), asResponse: options.asResponse });
    const request = { url: path } as Request;
    if ('networkFailure' in answer)
      throw Object.assign(new Error(answer.networkFailure), { name: 'HttpFetchError', request });
    const response = { status: answer.status, statusText: '', ok: answer.status < 300 } as Response;
    if (answer.status < 300) return { request, response, body: answer.body };
    throw Object.assign(new Error(`HTTP ${answer.status}`), {
      name: 'HttpFetchError',
      request,
      response,
      body: answer.body,
    });
  };
  return { http: { post } as unknown as HttpStart, sent };
}

function steppingClock(stepMs: number): Clock {
  let now = 1000;
  return { now: () => (now += stepMs), date: () => new Date('2025-05-01T10:00:00.000Z') };
}

describe('sending a console request', () => {
  it('posts method, path, body and host id to the proxy and keeps status, body and time', async () => {
    const envelope = {
      data: {
        affected_items: [{ id: '000' }],
        total_affected_items: 1,
        total_failed_items: 0,
        failed_items: [],
      },
      message: 'ok',
      error: 0,
    };
    const { http, sent } = httpAnswering({ status: 200, body: envelope });
    const response = await sendConsoleRequest(
      http,
      'prod',
      { method: 'POST', path: '/agents?pretty=true', body: { name: 'a' } },
      { clock: steppingClock(12) },
    );
    expect(sent).toEqual([
      {
        path: '/api/request',
        body: { id: 'prod', method: 'POST', path: '/agents?pretty=true', body: { name: 'a' } },
        asResponse: true,
      },
    ]);
    expect(response).toEqual({
      request: { method: 'POST', path: '/agents?pretty=true', body: { name: 'a' } },
      apiHostId: 'prod',
      sentAt: '2025-05-01T10:00:00.000Z',
      durationMs: 12,
      status: 200,
      body: envelope,
      outcome: 'success',
    });
  });

  it('sends no body field for a request without one', async () => {
    const { http, sent } = httpAnswering({ status: 200, body: {} });
    await sendConsoleRequest(http, 'prod', { method: 'GET', path: '/agents' });
    expect(sent[0].body).toEqual({ id: 'prod', method: 'GET', path: '/agents' });
  });

  it('keeps the managed API problem body as sent, with its title, detail and code read out', async () => {
    const problem = {
      title: 'Permission Denied',
      detail: 'Permission denied: Resource type: agent:id',
      remediation: 'Ask for it',
      error: 4000,
    };
    const { http } = httpAnswering({ status: 403, body: problem });
    const response = await sendConsoleRequest(
      http,
      'prod',
      { method: 'PUT', path: '/agents/001/restart' },
      { action: 'agent:restart' },
    );
    expect(response).toMatchObject({ status: 403, body: problem, outcome: 'managed-api-error' });
    expect(response.error).toMatchObject({
      title: 'Permission Denied',
      code: 4000,
      remediation: 'Ask for it',
      source: 'managed-api',
      action: 'agent:restart',
    });
  });

  it('tells the dashboard’s own failures (unknown host, unreachable, timeout) apart', async () => {
    const body = {
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'API host [prod] is not reachable: connect ECONNREFUSED',
    };
    const { http } = httpAnswering({ status: 502, body });
    const response = await sendConsoleRequest(http, 'prod', { method: 'GET', path: '/agents' });
    expect(response).toMatchObject({ status: 502, body, outcome: 'dashboard-error' });
    expect(response.error?.detail).toBe('API host [prod] is not reachable: connect ECONNREFUSED');
  });

  it('reports a request that got no answer at all', async () => {
    const { http } = httpAnswering({ networkFailure: 'Failed to fetch' });
    const response = await sendConsoleRequest(http, 'prod', { method: 'GET', path: '/agents' });
    expect(response).toMatchObject({ status: undefined, outcome: 'network-error' });
    expect(response.error?.detail).toBe('Failed to fetch');
  });
});
