/** The JSON edge check: what it lets through and what it names as the problem. */
import { claimsJson, parseFailure, STARTS_UNLIKE_JSON, wholeJsonProblem } from './json-edges';

const problem = (text: string): string | undefined => wholeJsonProblem(Buffer.from(text));

describe('JSON edges', () => {
  it('knows JSON media types, with or without a suffix', () => {
    expect(claimsJson('application/json; charset=utf-8')).toBe(true);
    expect(claimsJson('application/problem+json')).toBe(true);
    expect(claimsJson('text/html')).toBe(false);
    expect(claimsJson(undefined)).toBe(false);
  });

  it.each(['{"a":1}', ' [1,2] \n', '"text"', 'true', 'false', 'null', '-12', '7'])(
    'accepts %j',
    (text) => expect(problem(text)).toBeUndefined(),
  );

  it('names a body that does not start like JSON', () => {
    expect(problem('<html></html>')).toBe(STARTS_UNLIKE_JSON);
    expect(problem('   ')).toBe(STARTS_UNLIKE_JSON);
  });

  it.each(['{"a":', '[1,2', '{', '"', 'tru'])('names %j as cut short', (text) =>
    expect(problem(text)).toBe('it ends before the document does'),
  );

  it('reports where parsing stopped without quoting the body', () => {
    let failure: Error | undefined;
    try {
      JSON.parse('{"secret": x}');
    } catch (error) {
      failure = error as Error;
    }
    const reason = parseFailure(failure as Error);
    expect(reason).not.toContain('secret');
    expect(reason).toMatch(/character \d+|does not start/);
    expect(parseFailure(new Error('Unexpected end of JSON input'))).toBe(
      'it ends before the document does',
    );
  });
});
