import { schema } from './schema';
import { TypeOf } from './type';
import { messageOf, validationErrorOf } from './test-helpers';

describe('schema.object', () => {
  const body = schema.object({
    version: schema.string(),
    size: schema.number({ defaultValue: 10 }),
    options: schema.object({ pretty: schema.boolean({ defaultValue: false }) }),
  });

  it('validates props, applying their defaults and coercions', () => {
    expect(body.validate({ version: '4.14', size: '20', options: { pretty: 'TRUE' } })).toEqual({
      version: '4.14',
      size: 20,
      options: { pretty: true },
    });
  });

  it('treats undefined as {} so that prop defaults apply', () => {
    expect(body.validate({ version: 'v' })).toEqual({
      version: 'v',
      size: 10,
      options: { pretty: false },
    });
    expect(messageOf(body, undefined, 'request body')).toBe(
      '[request body.version]: expected value of type [string] but got [undefined]',
    );
  });

  it('names a missing required field with its full path', () => {
    const nested = schema.object({ host: schema.object({ url: schema.string() }) });
    expect(messageOf(nested, { host: {} }, 'request body')).toBe(
      '[request body.host.url]: expected value of type [string] but got [undefined]',
    );
    const error = validationErrorOf(nested, { host: {} }, 'request body');
    expect(error.path).toEqual(['host', 'url']);
    expect(error.rawMessage).toBe('expected value of type [string] but got [undefined]');
  });

  it('reports the first failing prop in declaration order', () => {
    const type = schema.object({ a: schema.string(), b: schema.string() });
    expect(messageOf(type, { b: 1 })).toBe(
      '[a]: expected value of type [string] but got [undefined]',
    );
  });

  it('forbids unknown keys by default, naming the key', () => {
    const query = schema.object({ bar: schema.maybe(schema.number()) });
    expect(messageOf(query, { zzz: 'x' }, 'request query')).toBe(
      '[request query.zzz]: definition for this key is missing',
    );
    expect(messageOf(query, { bar: 'x' }, 'request query')).toBe(
      '[request query.bar]: expected value of type [number] but got [string]',
    );
  });

  it('keeps unknown keys with allow and drops them with ignore, for its own keys only', () => {
    const allow = schema.object({ a: schema.string() }, { unknowns: 'allow' });
    expect(allow.validate({ a: 'x', extra: 1 })).toEqual({ a: 'x', extra: 1 });
    const ignore = schema.object({ a: schema.string() }, { unknowns: 'ignore' });
    expect(ignore.validate({ a: 'x', extra: 1 })).toEqual({ a: 'x' });
    const nested = schema.object({ child: schema.object({}) }, { unknowns: 'allow' });
    expect(messageOf(nested, { child: { extra: 1 } })).toBe(
      '[child.extra]: definition for this key is missing',
    );
  });

  it('parses a JSON string', () => {
    expect(body.validate('{"version":"v","size":"3"}')).toEqual({
      version: 'v',
      size: 3,
      options: { pretty: false },
    });
    expect(messageOf(body, '{nope')).toBe('could not parse object value from json input');
    expect(messageOf(body, '[1]')).toBe(
      'expected a plain object value, but found [string] instead.',
    );
  });

  it('rejects values that are not plain objects', () => {
    expect(messageOf(body, null)).toBe('expected a plain object value, but found [null] instead.');
    expect(messageOf(body, [])).toBe('expected a plain object value, but found [Array] instead.');
    expect(messageOf(body, 5)).toBe('expected a plain object value, but found [number] instead.');
    expect(messageOf(body, new Date(0))).toBe(
      'expected a plain object value, but found [Date] instead.',
    );
  });

  it('uses an object default value and runs its custom validation after the props', () => {
    const range = schema.object(
      { from: schema.number(), to: schema.number() },
      {
        defaultValue: { from: 0, to: 10 },
        validate: (value) => (value.from > value.to ? '[from] must not exceed [to]' : undefined),
      },
    );
    expect(range.validate(undefined)).toEqual({ from: 0, to: 10 });
    expect(messageOf(range, { from: 5, to: 1 }, 'request query')).toBe(
      '[request query]: [from] must not exceed [to]',
    );
    expect(messageOf(range, { from: 'x', to: 1 })).toBe(
      '[from]: expected value of type [number] but got [string]',
    );
  });

  it('extends: adds, replaces and removes props, and merges options', () => {
    const base = schema.object({ a: schema.string(), b: schema.number(), c: schema.boolean() });
    const extended = base.extends(
      { b: schema.string(), c: undefined, d: schema.literal(1) },
      { unknowns: 'ignore' },
    );
    expect(extended.validate({ a: 'x', b: 'y', d: 1, c: true })).toEqual({ a: 'x', b: 'y', d: 1 });
    expect(Object.keys(extended.getPropSchemas()).sort()).toEqual(['a', 'b', 'd']);
    expect(messageOf(base, { a: 'x', b: 'y', c: true })).toBe(
      '[b]: expected value of type [number] but got [string]',
    );
  });

  it('types required and optional props', () => {
    const type = schema.object({
      required: schema.string(),
      optional: schema.maybe(schema.string()),
    });
    const value: TypeOf<typeof type> = { required: 'r' };
    expect(type.validate(value)).toEqual({ required: 'r' });
  });
});
