import { readFileSync } from 'fs';
import { join } from 'path';
import { generate } from 'peggy';
import type { SearchField } from '../types';
import { parseDql, translateDql } from './index';

const fields: SearchField[] = [
  { name: 'status' },
  { name: 'name' },
  { name: 'os.platform' },
  { name: 'lastKeepAlive' },
  { name: 'id' },
];

describe('DQL parser', () => {
  it('is generated from the committed grammar (regenerate with the command in dql.peggy)', () => {
    const grammarPath = 'plugins/main/public/search-bar/dql/dql.peggy';
    const grammar = readFileSync(join(__dirname, 'dql.peggy'), 'utf8');
    const expected = generate(grammar, {
      output: 'source',
      format: 'es',
      grammarSource: grammarPath,
    });
    expect(readFileSync(join(__dirname, 'dql-parser.js'), 'utf8')).toBe(expected);
  });

  it('parses fields, groups, value lists, ranges, negation and free text', () => {
    expect(
      parseDql(
        'status:active and (name:web* or not os.platform:"ubuntu 22") and id >= 5 and error',
      ),
    ).toEqual({
      ok: true,
      tree: {
        type: 'and',
        children: [
          { type: 'match', field: 'status', value: 'active', quoted: false, offset: 0 },
          {
            type: 'or',
            children: [
              { type: 'match', field: 'name', value: 'web*', quoted: false, offset: 19 },
              {
                type: 'not',
                child: {
                  type: 'match',
                  field: 'os.platform',
                  value: 'ubuntu 22',
                  quoted: true,
                  offset: 36,
                },
                offset: 32,
              },
            ],
          },
          { type: 'range', field: 'id', operator: '>=', value: '5', offset: 65 },
          { type: 'text', value: 'error', quoted: false, offset: 77 },
        ],
      },
    });
  });

  it('expands field:(a or b) into one match per value', () => {
    const parsed = parseDql('status:(active or pending)');
    expect(parsed.ok && parsed.tree).toMatchObject({
      type: 'or',
      children: [{ value: 'active' }, { value: 'pending' }],
    });
  });

  it('reads escapes in unquoted and quoted values', () => {
    const parsed = parseDql('name:a\\:b and name:"say \\"hi\\""');
    expect(parsed.ok && parsed.tree).toMatchObject({
      children: [{ value: 'a:b' }, { value: 'say "hi"' }],
    });
  });

  it('gives no tree for an empty query', () => {
    expect(parseDql('  ')).toEqual({ ok: true, tree: undefined });
  });

  it.each([
    ['status:', 7],
    ['status:active and', 17],
    ['(status:active', 14],
    ['status:active name:x', 14],
  ])('reports where %s goes wrong', (input, offset) => {
    const parsed = parseDql(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.offset).toBe(offset);
      expect(parsed.error.message).toMatch(/^Expected .* but .* found\.$/);
    }
  });
});

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
