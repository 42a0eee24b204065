import { SchemaTypeError, SchemaTypesError, ValidationError } from './errors';

describe('ValidationError', () => {
  it('prefixes namespace and path', () => {
    const error = new ValidationError(
      new SchemaTypeError('Wrong payload', ['body']),
      'request body',
    );
    expect(error.message).toBe('[request body.body]: Wrong payload');
    expect(error.path).toEqual(['body']);
    expect(error.rawMessage).toBe('Wrong payload');
    expect(error.namespace).toBe('request body');
    expect(error.cause).toBeInstanceOf(SchemaTypeError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ValidationError');
  });

  it('has no brackets when both namespace and path are empty', () => {
    expect(new ValidationError(new SchemaTypeError('bad', [])).message).toBe('bad');
    expect(new ValidationError(new SchemaTypeError('bad', ['a', '0'])).message).toBe('[a.0]: bad');
    expect(new ValidationError(new SchemaTypeError('bad', []), 'request params').message).toBe(
      '[request params]: bad',
    );
  });

  it('lists grouped errors one per line', () => {
    const grouped = new SchemaTypesError(
      'types that failed validation:',
      ['x'],
      [new SchemaTypeError('first', ['x', '0']), new SchemaTypeError('second', ['x', '1'])],
    );
    expect(new ValidationError(grouped).message).toBe(
      '[x]: types that failed validation:\n- [x.0]: first\n- [x.1]: second',
    );
  });
});
