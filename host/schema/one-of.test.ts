import { schema } from './schema';
import { messageOf, validationErrorOf } from './test-helpers';

describe('schema.oneOf', () => {
  it('returns the value of the first alternative that accepts it', () => {
    const type = schema.oneOf([schema.number(), schema.string()]);
    expect(type.validate('12')).toBe(12);
    expect(type.validate('abc')).toBe('abc');
  });

  it('lists every alternative failure in the classic format', () => {
    const type = schema.oneOf([schema.string({ minLength: 3 }), schema.number()]);
    expect(messageOf(type, 'ab')).toBe(
      [
        'types that failed validation:',
        '- [0]: value has length [2] but it must have a minimum length of [3].',
        '- [1]: expected value of type [number] but got [string]',
      ].join('\n'),
    );
  });

  it('composes alternative paths under the union path and namespace', () => {
    const type = schema.object({
      target: schema.oneOf([schema.literal('all'), schema.object({ id: schema.string() })]),
    });
    expect(messageOf(type, { target: { id: 1 } }, 'request body')).toBe(
      [
        '[request body.target]: types that failed validation:',
        '- [request body.target.0]: expected value to equal [all]',
        '- [request body.target.1.id]: expected value of type [string] but got [number]',
      ].join('\n'),
    );
    const error = validationErrorOf(type, { target: 3 }, 'request body');
    expect(error.path).toEqual(['target']);
    expect(error.rawMessage).toBe(
      [
        'types that failed validation:',
        '- [request body.target.0]: expected value to equal [all]',
        '- [request body.target.1]: expected a plain object value, but found [number] instead.',
      ].join('\n'),
    );
  });

  it('indents nested unions by one space per level', () => {
    const type = schema.oneOf([
      schema.oneOf([schema.literal('a'), schema.literal('b')]),
      schema.number(),
    ]);
    expect(messageOf(type, 'c')).toBe(
      [
        'types that failed validation:',
        '- [0]: types that failed validation:',
        ' - [0.0]: expected value to equal [a]',
        ' - [0.1]: expected value to equal [b]',
        '- [1]: expected value of type [number] but got [string]',
      ].join('\n'),
    );
  });

  it('reports a missing value once', () => {
    const type = schema.oneOf([schema.string(), schema.number()]);
    expect(messageOf(type, undefined, 'request query')).toBe(
      '[request query]: expected at least one defined value but got [undefined]',
    );
    expect(
      schema.oneOf([schema.string(), schema.maybe(schema.number())]).validate(undefined),
    ).toBeUndefined();
  });

  it('applies a default value and custom validation', () => {
    const type = schema.oneOf([schema.literal('a'), schema.literal('b')], {
      defaultValue: 'a',
      validate: (value) => (value === 'b' ? 'b is reserved' : undefined),
    });
    expect(type.validate(undefined)).toBe('a');
    expect(messageOf(type, 'b')).toBe('b is reserved');
  });
});
