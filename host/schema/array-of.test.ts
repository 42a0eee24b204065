import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.arrayOf', () => {
  it('validates and coerces every item', () => {
    expect(schema.arrayOf(schema.number()).validate(['1', 2])).toEqual([1, 2]);
    expect(schema.arrayOf(schema.string()).validate([])).toEqual([]);
  });

  it('accepts a JSON string that encodes an array', () => {
    expect(schema.arrayOf(schema.string()).validate('["a","b"]')).toEqual(['a', 'b']);
    expect(messageOf(schema.arrayOf(schema.string()), '{"a":1}')).toBe(
      'expected value of type [array] but got [string]',
    );
    expect(messageOf(schema.arrayOf(schema.string()), 'not json')).toBe(
      'expected value of type [array] but got [string]',
    );
  });

  it('rejects other types', () => {
    expect(messageOf(schema.arrayOf(schema.string()), undefined)).toBe(
      'expected value of type [array] but got [undefined]',
    );
    expect(messageOf(schema.arrayOf(schema.string()), { 0: 'a' })).toBe(
      'expected value of type [array] but got [Object]',
    );
  });

  it('names the failing item by index', () => {
    const type = schema.object({ tags: schema.arrayOf(schema.string()) });
    expect(messageOf(type, { tags: ['a', 1] }, 'request body')).toBe(
      '[request body.tags.1]: expected value of type [string] but got [number]',
    );
  });

  it('checks minSize and maxSize', () => {
    const type = schema.arrayOf(schema.number(), { minSize: 1, maxSize: 2 });
    expect(messageOf(type, [])).toBe('array size is [0], but cannot be smaller than [1]');
    expect(messageOf(type, [1, 2, 3])).toBe('array size is [3], but cannot be greater than [2]');
    expect(type.validate([1, 2])).toEqual([1, 2]);
  });

  it('rejects sparse arrays', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(messageOf(schema.arrayOf(schema.maybe(schema.string())), ['a', , 'c'])).toBe(
      'sparse array are not allowed',
    );
  });

  it('applies a default', () => {
    expect(schema.arrayOf(schema.string(), { defaultValue: [] }).validate(undefined)).toEqual([]);
  });
});
