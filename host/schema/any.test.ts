import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.any', () => {
  it('accepts any defined value unchanged', () => {
    const value = { nested: [1, 'a'] };
    expect(schema.any().validate(value)).toBe(value);
    expect(schema.any().validate(null)).toBeNull();
    expect(schema.any().validate('')).toBe('');
  });

  it('rejects undefined unless a default is given', () => {
    expect(messageOf(schema.any(), undefined)).toBe(
      'expected value of type [any] but got [undefined]',
    );
    expect(schema.any({ defaultValue: 'fallback' }).validate(undefined)).toBe('fallback');
  });
});
