import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.recordOf', () => {
  const counts = schema.recordOf(schema.string(), schema.number());

  it('validates keys and coerces values', () => {
    expect(counts.validate({ a: '1', b: 2 })).toEqual({ a: 1, b: 2 });
    expect(counts.validate({})).toEqual({});
  });

  it('accepts a JSON string that encodes an object', () => {
    expect(counts.validate('{"a":1}')).toEqual({ a: 1 });
    expect(messageOf(counts, '{oops')).toBe('could not parse record value from json input');
  });

  it('rejects values that are not plain objects', () => {
    expect(messageOf(counts, undefined)).toBe(
      'expected value of type [object] but got [undefined]',
    );
    expect(messageOf(counts, [1])).toBe('expected value of type [object] but got [Array]');
    expect(messageOf(counts, '[1]')).toBe('expected value of type [object] but got [Array]');
  });

  it('names a failing value by its key and a failing key as key("<k>")', () => {
    const type = schema.object({
      limits: schema.recordOf(
        schema.oneOf([schema.literal('cpu'), schema.literal('mem')]),
        schema.number(),
      ),
    });
    expect(messageOf(type, { limits: { cpu: 'x' } }, 'request body')).toBe(
      '[request body.limits.cpu]: expected value of type [number] but got [string]',
    );
    expect(messageOf(type, { limits: { disk: 1 } }, 'request body')).toBe(
      [
        '[request body.limits.key("disk")]: types that failed validation:',
        '- [request body.limits.key("disk").0]: expected value to equal [cpu]',
        '- [request body.limits.key("disk").1]: expected value to equal [mem]',
      ].join('\n'),
    );
  });

  it('names nested failures below the key', () => {
    const type = schema.recordOf(schema.string(), schema.object({ url: schema.string() }));
    expect(messageOf(type, { main: {} })).toBe(
      '[main.url]: expected value of type [string] but got [undefined]',
    );
  });
});
