import { RequestFieldError } from '../request-field-error';
import { prepareProxyRequest } from './proxy-request';
import { VerbatimBody } from './verbatim-body';

const options = { maxDelayMs: 60_000 };

/** The prepared request with its checked path written out, as it goes on the wire. */
function prepare(...args: Parameters<typeof prepareProxyRequest>) {
  const prepared = prepareProxyRequest(...args);
  return { ...prepared, path: `${prepared.path.pathname}${prepared.path.search}` };
}

describe('prepareProxyRequest', () => {
  it.each([
    ['//evil.example/agents', 'the path must start with a single "/"'],
    ['/agents/../security/users', 'dot segments ("." or "..") are not allowed'],
    ['', 'the path is empty'],
  ])('refuses the path %j, with or without params, naming the field', (path, reason) => {
    for (const body of [undefined, { params: { limit: 1 } }]) {
      expect(() => prepareProxyRequest({ method: 'GET', path, body }, options)).toThrow(
        new RequestFieldError('path', reason),
      );
    }
  });

  it('sends POST, PUT and PATCH bodies and no body for GET and DELETE', () => {
    expect(
      prepare({ method: 'POST', path: '/agents', body: { name: 'web', ip: 'any' } }, options),
    ).toEqual({ method: 'POST', path: '/agents', body: { name: 'web', ip: 'any' } });
    expect(prepare({ method: 'GET', path: '/agents', body: { stray: 1 } }, options)).toEqual({
      method: 'GET',
      path: '/agents',
      body: undefined,
    });
    expect(prepare({ method: 'DELETE', path: '/agents?agents_list=001' }, options)).toEqual({
      method: 'DELETE',
      path: '/agents?agents_list=001',
      body: undefined,
    });
    expect(prepare({ method: 'PUT', path: '/x', body: [1, 2] }, options).body).toEqual([1, 2]);
  });

  it('turns params into query parameters, over those already in the path', () => {
    const prepared = prepare(
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
      prepare(
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
    expect(() => prepare({ method: 'GET', path: '/agents', body }, options)).toThrow(
      expect.objectContaining({ constructor: RequestFieldError, field }),
    );
  });

  it('takes body.body as the request body when present, as the reference product does', () => {
    expect(
      prepare(
        {
          method: 'POST',
          path: '/agents',
          body: { body: { name: 'web' }, params: { pretty: true } },
        },
        options,
      ),
    ).toEqual({ method: 'POST', path: '/agents?pretty=true', body: { name: 'web' } });
  });

  it.each([
    ['xmleditor', 'application/xml'],
    ['json', 'application/json'],
    ['raw', 'application/octet-stream'],
  ])('sends a string body with origin %s verbatim as %s', (origin, mediaType) => {
    const prepared = prepare(
      {
        method: 'PUT',
        path: '/rules/files/local_rules.xml',
        body: { body: '<group name="x"/>', origin, params: { overwrite: true } },
      },
      options,
    );
    expect(prepared).toEqual({
      method: 'PUT',
      path: '/rules/files/local_rules.xml?overwrite=true',
      body: new VerbatimBody('<group name="x"/>', mediaType),
    });
  });

  it('sends a string body without origin with the content-type of body.headers, JSON by default', () => {
    expect(prepare({ method: 'PUT', path: '/x', body: { body: 'a,b' } }, options).body).toEqual(
      new VerbatimBody('a,b', 'application/json'),
    );
    expect(
      prepare(
        {
          method: 'PUT',
          path: '/x',
          body: { body: 'a,b', headers: { 'Content-Type': 'text/plain', 'X-Trace': 7 } },
        },
        options,
      ),
    ).toEqual({
      method: 'PUT',
      path: '/x',
      body: new VerbatimBody('a,b', 'text/plain'),
      headers: { 'x-trace': '7' },
    });
  });

  it('keeps the headers of a GET but never a body', () => {
    expect(
      prepare(
        { method: 'GET', path: '/x', body: { headers: { accept: 'text/plain' }, body: 'ignored' } },
        options,
      ),
    ).toEqual({ method: 'GET', path: '/x', body: undefined, headers: { accept: 'text/plain' } });
  });

  it.each([
    [{ headers: 'x' }, 'body.headers'],
    [{ headers: { Authorization: 'Bearer stolen' } }, 'body.headers.Authorization'],
    [{ headers: { host: 'elsewhere' } }, 'body.headers.host'],
    [{ headers: { 'content-length': '1' } }, 'body.headers.content-length'],
    [{ headers: { 'bad name': 'x' } }, 'body.headers.bad name'],
    [{ headers: { 'x-split': 'a\r\nInjected: 1' } }, 'body.headers.x-split'],
    [{ headers: { 'x-object': { a: 1 } } }, 'body.headers.x-object'],
    [{ body: '<a/>', origin: 'yaml' }, 'body.origin'],
  ])('refuses %j naming %s', (body, field) => {
    expect(() => prepare({ method: 'PUT', path: '/x', body }, options)).toThrow(
      expect.objectContaining({ constructor: RequestFieldError, field }),
    );
  });
});
