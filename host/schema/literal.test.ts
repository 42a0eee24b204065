import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.literal', () => {
  it('accepts exactly its value', () => {
    expect(schema.literal('x').validate('x')).toBe('x');
    expect(schema.literal(5).validate(5)).toBe(5);
    expect(schema.literal(true).validate(true)).toBe(true);
    expect(schema.literal(null).validate(null)).toBeNull();
  });

  it('rejects anything else, undefined included', () => {
    expect(messageOf(schema.literal('x'), 'y')).toBe('expected value to equal [x]');
    expect(messageOf(schema.literal('x'), undefined)).toBe('expected value to equal [x]');
    expect(messageOf(schema.literal(5), '5')).toBe('expected value to equal [5]');
    expect(messageOf(schema.literal(null), undefined)).toBe('expected value to equal [null]');
  });
});
