import type { SearchField } from '../types';
import { translateLucene } from './index';

const fields: SearchField[] = [
  { name: 'status' },
  { name: 'name' },
  { name: 'id' },
  { name: 'os.platform' },
];

describe('Lucene translation to q', () => {
  it.each([
    ['', {}],
    ['status:active', { q: 'status=active' }],
    ['status:active AND os.platform:ubuntu', { q: 'status=active;os.platform=ubuntu' }],
    ['status:active OR status:pending', { q: 'status=active,status=pending' }],
    ['status:active status:pending', { q: 'status=active,status=pending' }],
    ['status:active AND NOT name:web', { q: 'status=active;name!=web' }],
    ['NOT status:active', { q: 'status!=active' }],
    ['-status:active', { q: 'status!=active' }],
    ['+status:active', { q: 'status=active' }],
    ['id:[005 TO 010]', { q: '(id>005,id=005);(id<010,id=010)' }],
    ['id:{005 TO 010}', { q: 'id>005;id<010' }],
    ['id:{005 TO *]', { q: 'id>005' }],
    ['name:*web*', { q: 'name~web' }],
    ['ubuntu', { search: 'ubuntu' }],
    ['-ubuntu AND status:active', { q: 'status=active', search: '-ubuntu' }],
    [
      '(status:active OR status:pending) AND name:web',
      { q: '(status=active,status=pending);name=web' },
    ],
  ])('%s → %j', (input, query) => {
    expect(translateLucene(input, fields)).toEqual({ ok: true, query });
  });

  it('rejects unknown fields', () => {
    expect(translateLucene('colour:red', fields)).toEqual({
      ok: false,
      error: {
        message: 'Unknown field "colour". Known fields: status, name, id, os.platform',
        offset: 0,
      },
    });
  });
});
