import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.maybe', () => {
  it('keeps undefined and validates anything else', () => {
    const type = schema.maybe(schema.number());
    expect(type.validate(undefined)).toBeUndefined();
    expect(type.validate('3')).toBe(3);
    expect(messageOf(type, null)).toBe('expected value of type [number] but got [null]');
  });

  it('does not apply the inner default or build an empty object', () => {
    expect(schema.maybe(schema.string({ defaultValue: 'x' })).validate(undefined)).toBeUndefined();
    expect(
      schema.maybe(schema.object({ a: schema.string({ defaultValue: 'x' }) })).validate(undefined),
    ).toBeUndefined();
  });

  it('leaves absent object keys absent', () => {
    const type = schema.object({ a: schema.maybe(schema.string()) });
    expect(type.validate({})).toEqual({});
    expect('a' in type.validate({})).toBe(false);
  });
});

describe('schema.nullable', () => {
  it('maps undefined to null and accepts null', () => {
    const type = schema.nullable(schema.string());
    expect(type.validate(undefined)).toBeNull();
    expect(type.validate(null)).toBeNull();
    expect(type.validate('a')).toBe('a');
  });

  it('fails like a union of the type and null', () => {
    expect(messageOf(schema.nullable(schema.string()), 1)).toBe(
      [
        'types that failed validation:',
        '- [0]: expected value of type [string] but got [number]',
        '- [1]: expected value to equal [null]',
      ].join('\n'),
    );
  });

  it('coerces through the inner type and names nested failures', () => {
    expect(schema.nullable(schema.number()).validate('5')).toBe(5);
    const type = schema.object({ owner: schema.nullable(schema.string()) });
    expect(type.validate({})).toEqual({ owner: null });
    expect(messageOf(type, { owner: 1 }, 'request body')).toBe(
      [
        '[request body.owner]: types that failed validation:',
        '- [request body.owner.0]: expected value of type [string] but got [number]',
        '- [request body.owner.1]: expected value to equal [null]',
      ].join('\n'),
    );
  });
});
