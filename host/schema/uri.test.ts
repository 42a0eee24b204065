import { schema } from './schema';
import { messageOf } from './test-helpers';

describe('schema.uri', () => {
  it('accepts absolute URIs', () => {
    expect(schema.uri().validate('https://wazuh.example:55000/path?q=1')).toBe(
      'https://wazuh.example:55000/path?q=1',
    );
    expect(schema.uri().validate('postgres://user:pw@db:5432/svc')).toBe(
      'postgres://user:pw@db:5432/svc',
    );
  });

  it('rejects other strings and types', () => {
    expect(messageOf(schema.uri(), 'not a uri')).toBe('value must be a valid URI (see RFC 3986).');
    expect(messageOf(schema.uri(), 5)).toBe('expected value of type [string] but got [number]');
  });

  it('restricts the scheme when asked', () => {
    const type = schema.uri({ scheme: ['http', 'https'] });
    expect(type.validate('HTTP://a.example')).toBe('HTTP://a.example');
    expect(messageOf(type, 'ftp://a.example')).toBe('expected URI with scheme [http|https].');
    expect(messageOf(schema.uri({ scheme: 'postgres' }), 'mysql://db')).toBe(
      'expected URI with scheme [postgres].',
    );
  });
});
