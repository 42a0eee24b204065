import type { SearchField } from '../types';
import { parseLucene, translateLucene } from './index';

const fields: SearchField[] = [
  { name: 'status' },
  { name: 'name' },
  { name: 'id' },
  { name: 'os.platform' },
];

describe('Lucene parsing', () => {
  it('turns the lucene AST into the shared tree', () => {
    expect(parseLucene('status:active AND (name:web OR -id:001)')).toEqual({
      ok: true,
      tree: {
        type: 'and',
        children: [
          { type: 'match', field: 'status', value: 'active', quoted: false, offset: 0 },
          {
            type: 'or',
            children: [
              { type: 'match', field: 'name', value: 'web', quoted: false, offset: 19 },
              {
                type: 'not',
                child: { type: 'match', field: 'id', value: '001', quoted: false, offset: 31 },
                offset: 31,
              },
            ],
          },
        ],
      },
    });
  });

  it('reports syntax errors with their position', () => {
    const parsed = parseLucene('status:');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error).toEqual({
        message: expect.stringMatching(/^Expected .* but end of input found\.$/),
        offset: 7,
      });
  });

  it.each([
    ['name:/web.*/', 'Regular expressions (/web.*/) are not supported by the managed API'],
    ['name:web~2', 'Fuzzy and proximity matching (web~) are not supported by the managed API'],
    [
      '"web server"~2',
      'Fuzzy and proximity matching (web server~) are not supported by the managed API',
    ],
    ['name:web^2', 'Boosting (web^2) has no meaning for the managed API'],
  ])('refuses %s, which the managed API cannot answer', (input, message) => {
    const parsed = parseLucene(input);
    expect(parsed).toEqual({ ok: false, error: { message, offset: expect.any(Number) } });
  });
});

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
