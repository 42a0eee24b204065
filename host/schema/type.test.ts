import { z } from 'zod/v4';
import { isConfigSchema, Type, TypeOf } from './type';
import { schema } from './schema';

describe('Type', () => {
  it('is recognised by isConfigSchema, other values are not', () => {
    expect(isConfigSchema(schema.string())).toBe(true);
    expect(isConfigSchema(schema.object({}))).toBe(true);
    expect(isConfigSchema(new Type<string>(z.string()))).toBe(true);
    for (const value of [undefined, null, {}, 'string', { __isOsdConfigSchemaType: 'yes' }]) {
      expect(isConfigSchema(value)).toBe(false);
    }
  });

  it('returns the validated value without the namespace affecting success', () => {
    expect(schema.string().validate('a', {}, 'request body')).toBe('a');
  });
});

describe('TypeOf', () => {
  it('infers literal unions, arrays, records, maybe and nullable', () => {
    const type = schema.object({
      mode: schema.oneOf([schema.literal('auto'), schema.literal('true')]),
      tags: schema.arrayOf(schema.string()),
      counts: schema.recordOf(schema.string(), schema.number()),
      note: schema.maybe(schema.string()),
      owner: schema.nullable(schema.string()),
    });
    const value: TypeOf<typeof type> = { mode: 'auto', tags: ['a'], counts: { a: 1 }, owner: null };
    // @ts-expect-error 'sometimes' is not one of the literals
    const wrong: TypeOf<typeof type> = { mode: 'sometimes', tags: [], counts: {}, owner: null };
    expect(type.validate(value)).toEqual(value);
    expect(() => type.validate(wrong)).toThrow('[mode]: types that failed validation:');
  });
});
