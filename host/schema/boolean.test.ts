import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.boolean', () => {
  it('accepts booleans', () => {
    expect(schema.boolean().validate(true)).toBe(true);
    expect(schema.boolean().validate(false)).toBe(false);
  });

  it("converts 'true' and 'false' in any case", () => {
    const type = schema.boolean();
    expect(type.validate('true')).toBe(true);
    expect(type.validate('TRUE')).toBe(true);
    expect(type.validate('False')).toBe(false);
  });

  it('rejects other strings and types', () => {
    const type = schema.boolean();
    expect(messageOf(type, 'yes')).toBe('expected value of type [boolean] but got [string]');
    expect(messageOf(type, 1)).toBe('expected value of type [boolean] but got [number]');
    expect(messageOf(type, undefined)).toBe('expected value of type [boolean] but got [undefined]');
  });

  it('applies a default', () => {
    expect(schema.boolean({ defaultValue: true }).validate(undefined)).toBe(true);
    expect(schema.boolean({ defaultValue: true }).validate('false')).toBe(false);
  });
});
