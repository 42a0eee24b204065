import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.string', () => {
  it('accepts strings, including the empty string', () => {
    expect(schema.string().validate('abc')).toBe('abc');
    expect(schema.string().validate('')).toBe('');
  });

  it('rejects other types without coercion, naming the type received', () => {
    const type = schema.string();
    expect(messageOf(type, undefined)).toBe('expected value of type [string] but got [undefined]');
    expect(messageOf(type, null)).toBe('expected value of type [string] but got [null]');
    expect(messageOf(type, 12)).toBe('expected value of type [string] but got [number]');
    expect(messageOf(type, true)).toBe('expected value of type [string] but got [boolean]');
    expect(messageOf(type, ['a'])).toBe('expected value of type [string] but got [Array]');
    expect(messageOf(type, { a: 1 })).toBe('expected value of type [string] but got [Object]');
    expect(messageOf(type, new Date(0))).toBe('expected value of type [string] but got [Date]');
  });

  it('prefixes the namespace', () => {
    expect(messageOf(schema.string(), undefined, 'request body')).toBe(
      '[request body]: expected value of type [string] but got [undefined]',
    );
  });

  it('checks minLength and maxLength', () => {
    const type = schema.string({ minLength: 3, maxLength: 5 });
    expect(type.validate('abc')).toBe('abc');
    expect(type.validate('abcde')).toBe('abcde');
    expect(messageOf(type, 'ab')).toBe(
      'value has length [2] but it must have a minimum length of [3].',
    );
    expect(messageOf(type, 'abcdef')).toBe(
      'value has length [6] but it must have a maximum length of [5].',
    );
    expect(messageOf(schema.string({ minLength: 1 }), '')).toBe(
      'value has length [0] but it must have a minimum length of [1].',
    );
  });

  it('applies a default value or default function when undefined', () => {
    expect(schema.string({ defaultValue: 'x' }).validate(undefined)).toBe('x');
    let calls = 0;
    const type = schema.string({ defaultValue: () => `generated-${++calls}` });
    expect(type.validate(undefined)).toBe('generated-1');
    expect(type.validate(undefined)).toBe('generated-2');
    expect(type.validate('given')).toBe('given');
    expect(messageOf(schema.string({ defaultValue: 'x' }), null)).toBe(
      'expected value of type [string] but got [null]',
    );
  });

  it('fails with the message a custom validate returns or throws', () => {
    const type = schema.string({
      validate: (value) => (value.startsWith('/') ? undefined : 'must start with /'),
    });
    expect(type.validate('/a')).toBe('/a');
    expect(messageOf(type, 'a', 'request body')).toBe('[request body]: must start with /');
    const throwing = schema.string({
      validate: () => {
        throw new Error('thrown reason');
      },
    });
    expect(messageOf(throwing, 'a')).toBe('thrown reason');
  });

  it('runs validate only on values that passed the built-in checks', () => {
    const validate = jest.fn(() => 'custom');
    const type = schema.string({ minLength: 3, validate });
    expect(messageOf(type, 'ab')).toBe(
      'value has length [2] but it must have a minimum length of [3].',
    );
    expect(messageOf(type, 7)).toBe('expected value of type [string] but got [number]');
    expect(validate).not.toHaveBeenCalled();
  });

  it('accepts host names and IP addresses when hostname is set', () => {
    const type = schema.string({ hostname: true });
    for (const value of [
      'localhost',
      'api.example.org',
      'wazuh-manager',
      '10.0.0.1',
      '::1',
      'example.com.',
    ]) {
      expect(type.validate(value)).toBe(value);
    }
    for (const value of [
      '',
      'not a host',
      '-bad.example',
      'a..b',
      `${'a'.repeat(64)}.com`,
      'host_name',
    ]) {
      expect(messageOf(type, value)).toBe('value must be a valid hostname (see RFC 1123).');
    }
  });
});
