import { RequestFieldError } from '../request-field-error';
import { prepareProxyRequest } from './proxy-request';

const options = { maxDelayMs: 60_000 };

describe('prepareProxyRequest', () => {
  it('sends POST, PUT and PATCH bodies and no body for GET and DELETE', () => {
    expect(
      prepareProxyRequest(
        { method: 'POST', path: '/agents', body: { name: 'web', ip: 'any' } },
        options,
      ),
    ).toEqual({ method: 'POST', path: '/agents', body: { name: 'web', ip: 'any' } });
    expect(
      prepareProxyRequest({ method: 'GET', path: '/agents', body: { stray: 1 } }, options),
    ).toEqual({ method: 'GET', path: '/agents', body: undefined });
    expect(
      prepareProxyRequest({ method: 'DELETE', path: '/agents?agents_list=001' }, options),
    ).toEqual({ method: 'DELETE', path: '/agents?agents_list=001', body: undefined });
    expect(prepareProxyRequest({ method: 'PUT', path: '/x', body: [1, 2] }, options).body).toEqual([
      1, 2,
    ]);
  });

  it('turns params into query parameters, over those already in the path', () => {
    const prepared = prepareProxyRequest(
      {
        method: 'GET',
        path: '/agents?limit=5&q=a',
        body: { params: { limit: 10, select: ['id', 'name'], distinct: false, skipped: null } },
      },
      options,
    );
    expect(prepared.path).toBe('/agents?limit=10&q=a&select=id%2Cname&distinct=false');
  });

  it('drops devTools and takes delay out of the body', () => {
    expect(
      prepareProxyRequest(
        { method: 'PUT', path: '/agents/001/restart', body: { devTools: true, delay: 5000 } },
        options,
      ),
    ).toEqual({
      method: 'PUT',
      path: '/agents/001/restart',
      body: {},
      delayMs: 5000,
    });
  });

  it.each([
    [{ params: 'limit=5' }, 'body.params'],
    [{ params: { q: { a: 1 } } }, 'body.params.q'],
    [{ params: { q: [{ a: 1 }] } }, 'body.params.q'],
    [{ delay: 1.5 }, 'body.delay'],
    [{ delay: 60_001 }, 'body.delay'],
    [{ delay: '5' }, 'body.delay'],
  ])('names the field at fault in %j', (body, field) => {
    expect(() => prepareProxyRequest({ method: 'GET', path: '/agents', body }, options)).toThrow(
      expect.objectContaining({ constructor: RequestFieldError, field }),
    );
  });
});
