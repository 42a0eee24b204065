import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.number', () => {
  it('accepts numbers', () => {
    expect(schema.number().validate(0)).toBe(0);
    expect(schema.number().validate(-1.5)).toBe(-1.5);
  });

  it('converts numeric strings', () => {
    const type = schema.number();
    expect(type.validate('123')).toBe(123);
    expect(type.validate('-1.5')).toBe(-1.5);
    expect(type.validate('1e3')).toBe(1000);
    expect(type.validate(' 42 ')).toBe(42);
  });

  it('rejects non-numeric strings, NaN and other types', () => {
    const type = schema.number();
    expect(messageOf(type, 'abc')).toBe('expected value of type [number] but got [string]');
    expect(messageOf(type, '')).toBe('expected value of type [number] but got [string]');
    expect(messageOf(type, '0x10')).toBe('expected value of type [number] but got [string]');
    expect(messageOf(type, NaN)).toBe('expected value of type [number] but got [number]');
    expect(messageOf(type, undefined)).toBe('expected value of type [number] but got [undefined]');
    expect(messageOf(type, true)).toBe('expected value of type [number] but got [boolean]');
  });

  it('checks min and max inclusively', () => {
    const type = schema.number({ min: 1, max: 65535 });
    expect(type.validate(1)).toBe(1);
    expect(type.validate('65535')).toBe(65535);
    expect(messageOf(type, 0)).toBe('Value must be equal to or greater than [1].');
    expect(messageOf(type, '65536')).toBe('Value must be equal to or lower than [65535].');
  });

  it('applies defaults and custom validation', () => {
    expect(schema.number({ defaultValue: 5 }).validate(undefined)).toBe(5);
    const even = schema.number({
      validate: (value) => (value % 2 === 0 ? undefined : 'must be even'),
    });
    expect(even.validate('4')).toBe(4);
    expect(messageOf(even, 3)).toBe('must be even');
  });
});
