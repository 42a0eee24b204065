import type { SearchField } from '../types';
import { translateDql } from './index';

const fields: SearchField[] = [
  { name: 'status' },
  { name: 'name' },
  { name: 'os.platform' },
  { name: 'lastKeepAlive' },
  { name: 'id' },
];

describe('DQL translation to q', () => {
  it.each([
    ['status:active', { q: 'status=active' }],
    ['status:active and os.platform:ubuntu', { q: 'status=active;os.platform=ubuntu' }],
    ['status:(active or pending) and name:*web*', { q: '(status=active,status=pending);name~web' }],
    ['not status:active', { q: 'status!=active' }],
    ['lastKeepAlive > 1d', { q: 'lastKeepAlive>1d' }],
    ['id >= 5', { q: '(id>5,id=5)' }],
    ['name:*', { q: 'name!=null' }],
    ['not name:*', { q: 'name=null' }],
    ['ubuntu', { search: 'ubuntu' }],
    ['not ubuntu', { search: '-ubuntu' }],
    ['"web server" and status:active', { q: 'status=active', search: 'web server' }],
  ])('%s → %j', (input, query) => {
    expect(translateDql(input, fields)).toEqual({ ok: true, query });
  });

  it.each([
    [
      'colour:red',
      'Unknown field "colour". Known fields: status, name, os.platform, lastKeepAlive, id',
    ],
    [
      'name:web*',
      '"web*": wildcards are only supported on both sides of a value (*text* means "contains")',
    ],
    ['not name:*web*', '"NOT name:*web*": the managed API\'s q has no "does not contain"'],
    [
      'not (status:active or status:pending)',
      'NOT can only negate a single field:value (the managed API has no negated groups)',
    ],
    [
      'status:active or ubuntu',
      'Free text "ubuntu" can only stand alone or be joined to the rest with AND',
    ],
    ['ubuntu and debian', 'Only one free-text term is supported; join words with quotes'],
    ['name:"a;b"', 'The value "a;b" contains ";" or ",", which the managed API\'s q cannot carry'],
  ])('rejects %s', (input, message) => {
    const result = translateDql(input, fields);
    expect(result).toEqual({ ok: false, error: { message, offset: expect.any(Number) } });
  });
});
