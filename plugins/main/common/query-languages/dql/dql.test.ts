import { readFileSync } from 'fs';
import { join } from 'path';
import { generate } from 'peggy';
import { parseDql } from './index';

describe('DQL parser', () => {
  it('is generated from the committed grammar (regenerate with the command in dql.peggy)', () => {
    const grammarPath = 'plugins/main/common/query-languages/dql/dql.peggy';
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
