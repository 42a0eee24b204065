import {
  bufferDiagnostics,
  formatRequest,
  parseConsoleBuffer,
  requestAt,
  toSendable,
} from './request-parser';

/** The text a diagnostic marks. */
function marked(text: string, range: { from: number; to: number }): string {
  return text.slice(range.from, range.to);
}

describe('console request parser', () => {
  it('reads a request line with method, path and query string', () => {
    const { requests, errors } = parseConsoleBuffer('GET /agents?status=active&limit=5');
    expect(errors).toEqual([]);
    expect(requests).toEqual([
      {
        method: 'GET',
        path: '/agents',
        query: 'status=active&limit=5',
        line: { from: 0, to: 33 },
        range: { from: 0, to: 33 },
        errors: [],
      },
    ]);
    expect(toSendable(requests[0])).toEqual({
      method: 'GET',
      path: '/agents?status=active&limit=5',
    });
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])('accepts %s', (method) => {
    const [request] = parseConsoleBuffer(`${method} /agents/001/restart`).requests;
    expect(request.errors).toEqual([]);
    expect(toSendable(request)?.method).toBe(method);
  });

  it('marks an unknown method and a method not written in capitals', () => {
    const text = 'FETCH /agents\nget /agents';
    const [unknown, lower] = parseConsoleBuffer(text).requests;
    expect(unknown.errors).toEqual([
      { from: 0, to: 5, message: 'Unknown method "FETCH": use GET, POST, PUT, DELETE or PATCH' },
    ]);
    expect(lower.errors).toEqual([
      { from: 14, to: 17, message: 'Write the method in capitals: GET' },
    ]);
    expect(toSendable(unknown)).toBeUndefined();
    expect(toSendable(lower)).toBeUndefined();
  });

  it('marks a missing path, a path without a leading slash and paths the proxy refuses', () => {
    const text = 'GET\nGET agents\nGET /agents/../manager\nGET //evil.example/x';
    const requests = parseConsoleBuffer(text).requests;
    expect(requests.map((request) => request.errors.map((error) => error.message))).toEqual([
      ['Missing path: write it after the method, as in "GET /agents"'],
      ['The path must start with "/" (as in /agents), not "agents"'],
      ['Dot segments ("." or "..") are not allowed'],
      ['The path must start with a single "/"'],
    ]);
    expect(marked(text, requests[1].errors[0])).toBe('agents');
    expect(requests.every((request) => toSendable(request) === undefined)).toBe(true);
  });

  it('marks a placeholder left in the path by a completion', () => {
    const [request] = parseConsoleBuffer('PUT /agents/<agent_id>/restart').requests;
    expect(request.errors.map((error) => error.message)).toEqual([
      'Replace the placeholder <agent_id> with a value',
    ]);
  });

  it('marks a query parameter without a name', () => {
    const [request] = parseConsoleBuffer('GET /agents?=active').requests;
    expect(request.errors.map((error) => error.message)).toEqual([
      'Query parameter without a name: "=active"',
    ]);
  });

  it('marks text after the path, and a body written on the request line', () => {
    const text = 'GET /agents please\nPOST /agents {"name":"a"}';
    const [extra, inline] = parseConsoleBuffer(text).requests;
    expect(extra.errors).toEqual([
      { from: 12, to: 18, message: 'Unexpected text after the path: "please"' },
    ]);
    expect(inline.errors).toEqual([
      { from: 32, to: 44, message: 'Put the JSON body on the lines below the request line' },
    ]);
  });

  it('reads a JSON object body spanning the following lines', () => {
    const text = 'POST /agents\n{\n  "name": "web-01",\n  "ip": "10.0.0.1"\n}\n';
    const [request] = parseConsoleBuffer(text).requests;
    expect(request.errors).toEqual([]);
    expect(request.body).toEqual({ name: 'web-01', ip: '10.0.0.1' });
    expect(marked(text, request.bodyRange!)).toBe('{\n  "name": "web-01",\n  "ip": "10.0.0.1"\n}');
    expect(marked(text, request.range)).toBe(text.trimEnd());
    expect(toSendable(request)).toEqual({
      method: 'POST',
      path: '/agents',
      body: { name: 'web-01', ip: '10.0.0.1' },
    });
  });

  it('takes bodies for PUT and PATCH too, and keeps comment lines inside a body out of the JSON', () => {
    const text =
      'PUT /agents/group\n{\n  # which group\n  "group_id": "web"\n}\nPATCH /x\n{"a": 1}';
    const [put, patch] = parseConsoleBuffer(text).requests;
    expect(put.body).toEqual({ group_id: 'web' });
    expect(put.errors).toEqual([]);
    expect(patch.body).toEqual({ a: 1 });
  });

  it('marks invalid JSON at the place the parser stopped', () => {
    const text = 'POST /agents\n{\n  "name": "web-01"\n  "ip": "10.0.0.1"\n}';
    const [request] = parseConsoleBuffer(text).requests;
    expect(request.body).toBeUndefined();
    expect(request.errors).toHaveLength(1);
    expect(request.errors[0].message).toMatch(/^Invalid JSON body: /);
    // The error points at the second property, where a comma was expected.
    expect(request.errors[0].from).toBe(text.indexOf('"ip"'));
    expect(toSendable(request)).toBeUndefined();
  });

  it('marks a body that ends too early', () => {
    const text = 'POST /agents\n{\n  "name": "web-01"';
    const [request] = parseConsoleBuffer(text).requests;
    expect(request.errors.map((error) => error.message)).toEqual([
      'Invalid JSON body: The body ends too early (a bracket or quote is not closed)',
    ]);
    expect(request.errors[0].from).toBe(text.length - 1);
  });

  it('refuses a body that is not an object', () => {
    const [request] = parseConsoleBuffer('POST /agents\n["web-01"]').requests;
    expect(request.errors.map((error) => error.message)).toEqual([
      'The body must be a JSON object, as in { "name": "web-01" }',
    ]);
  });

  it('refuses a body on GET and DELETE', () => {
    const text = 'GET /agents\n{"limit": 1}\nDELETE /agents?agents_list=001\n{}';
    const [get, del] = parseConsoleBuffer(text).requests;
    expect(get.errors).toEqual([
      {
        from: 12,
        to: 24,
        message: 'GET requests have no body: remove these lines, or use POST, PUT or PATCH',
      },
    ]);
    expect(del.errors[0].message).toMatch(/^DELETE requests have no body/);
  });

  it('separates requests by their request lines and skips comment and blank lines', () => {
    const text = [
      '# List agents',
      'GET /agents',
      '',
      '# Add one',
      'POST /agents',
      '{',
      '  "name": "web-01"',
      '}',
      '# Restart it',
      '  # indented comment',
      'PUT /agents/001/restart',
      '',
    ].join('\n');
    const parsed = parseConsoleBuffer(text);
    expect(bufferDiagnostics(parsed)).toEqual([]);
    expect(parsed.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['GET', '/agents', undefined],
      ['POST', '/agents', { name: 'web-01' }],
      ['PUT', '/agents/001/restart', undefined],
    ]);
    expect(marked(text, parsed.requests[1].range)).toBe('POST /agents\n{\n  "name": "web-01"\n}');
  });

  it('treats JSON literals at the start of a body line as body text, not as request lines', () => {
    const text = 'POST /x\n{"flags": [\ntrue,\nnull\n]}';
    const parsed = parseConsoleBuffer(text);
    expect(parsed.requests).toHaveLength(1);
    expect(parsed.requests[0].body).toEqual({ flags: [true, null] });
  });

  it('recognises indented request lines of the known methods', () => {
    const parsed = parseConsoleBuffer('GET /agents\n  GET /manager/status');
    expect(parsed.requests.map((request) => request.path)).toEqual(['/agents', '/manager/status']);
  });

  it('marks text before the first request line', () => {
    const text = '# header\n{"stray": true}\n\nGET /agents';
    const parsed = parseConsoleBuffer(text);
    expect(parsed.errors).toHaveLength(1);
    expect(marked(text, parsed.errors[0])).toBe('{"stray": true}');
    expect(parsed.requests).toHaveLength(1);
  });

  it('finds the request under the cursor, including the comment and blank lines after it', () => {
    const text = '# top\nGET /agents\n\n# next\nGET /rules\n';
    const parsed = parseConsoleBuffer(text);
    expect(requestAt(parsed, 2)).toBeUndefined();
    expect(requestAt(parsed, text.indexOf('GET /agents'))?.path).toBe('/agents');
    expect(requestAt(parsed, text.indexOf('# next') + 2)?.path).toBe('/agents');
    expect(requestAt(parsed, text.indexOf('/rules'))?.path).toBe('/rules');
    expect(requestAt(parsed, text.length)?.path).toBe('/rules');
  });

  it('writes a sendable request back as console text', () => {
    expect(formatRequest({ method: 'GET', path: '/agents?limit=1' })).toBe('GET /agents?limit=1');
    expect(formatRequest({ method: 'POST', path: '/agents', body: { name: 'a' } })).toBe(
      'POST /agents\n{\n  "name": "a"\n}',
    );
    const roundTrip = parseConsoleBuffer(
      formatRequest({ method: 'POST', path: '/agents', body: { name: 'a' } }),
    ).requests[0];
    expect(toSendable(roundTrip)).toEqual({ method: 'POST', path: '/agents', body: { name: 'a' } });
  });
});
