import type { SearchField, SuggestionContext } from '../types';
import { lexWql } from './lexer';
import { suggestWql, wqlValueText } from './suggest';
import { translateWql } from './translate';

const fields: SearchField[] = [
  { name: 'id' },
  { name: 'name' },
  { name: 'status', values: ['active', 'pending', 'never_connected', 'disconnected'] },
  { name: 'os.platform' },
  { name: 'os.name' },
];

describe('WQL lexer', () => {
  it('reads clauses, conjunctions and groups with their positions', () => {
    const { tokens, error, expecting, openGroups } = lexWql(
      '(status=active or status != pending) and name~"web 01"',
    );
    expect(error).toBeUndefined();
    expect(expecting).toBe('conjunction');
    expect(openGroups).toBe(0);
    expect(tokens.map((token) => [token.type, token.value])).toEqual([
      ['group_open', '('],
      ['field', 'status'],
      ['operator', '='],
      ['value', 'active'],
      ['conjunction', 'or'],
      ['field', 'status'],
      ['operator', '!='],
      ['value', 'pending'],
      ['group_close', ')'],
      ['conjunction', 'and'],
      ['field', 'name'],
      ['operator', '~'],
      ['value', 'web 01'],
    ]);
    expect(tokens[12]).toMatchObject({ start: 46, end: 54, text: '"web 01"' });
  });

  it('unescapes quotes and backslashes inside quoted values', () => {
    expect(lexWql('name="a \\"b\\" \\\\ c"').tokens[2].value).toBe('a "b" \\ c');
  });

  it('accepts conjunctions in any case', () => {
    expect(
      lexWql('id=1 AND id=2 Or id=3')
        .tokens.filter((t) => t.type === 'conjunction')
        .map((t) => t.value),
    ).toEqual(['and', 'or']);
  });

  it('stops at the first problem and says where it is', () => {
    expect(lexWql('status=active nope').error).toEqual({
      message: 'Expected "and", "or" or ")" at "nope"',
      offset: 14,
    });
    expect(lexWql('status=active)').error).toEqual({
      message: 'There is a ")" without a matching "("',
      offset: 13,
    });
    expect(lexWql('status active').error?.message).toBe(
      'Expected an operator (=, !=, <, >, ~) after "status"',
    );
    expect(lexWql('name="open').error).toEqual({
      message: 'A quoted value is missing its closing quote',
      offset: 5,
    });
    expect(lexWql('=x').error?.offset).toBe(0);
  });
});

describe('WQL translation to q', () => {
  it.each([
    ['status=active', 'status=active'],
    ['status=active and os.platform=ubuntu', 'status=active;os.platform=ubuntu'],
    ['status=active or status=pending', 'status=active,status=pending'],
    ['(status=active or status=pending) and name~web', '(status=active,status=pending);name~web'],
    ['  id > 005  and id<010 ', 'id>005;id<010'],
    ['name="web server 1"', 'name=web server 1'],
    ['name="lab(2)"', 'name=lab(2)'],
  ])('%s → q=%s', (input, q) => {
    expect(translateWql(input, fields)).toEqual({ ok: true, query: { q } });
  });

  it('gives an empty filter for empty input', () => {
    expect(translateWql('   ', fields)).toEqual({ ok: true, query: {} });
  });

  it('treats words without WQL syntax as a free-text search', () => {
    expect(translateWql('web server', fields)).toEqual({
      ok: true,
      query: { search: 'web server' },
    });
    expect(translateWql('status', fields)).toEqual({ ok: true, query: { search: 'status' } });
  });

  it('rejects unknown fields, naming the known ones', () => {
    const result = translateWql('status=active and colour=red', fields);
    expect(result).toEqual({
      ok: false,
      error: {
        message: 'Unknown field "colour". Known fields: id, name, status, os.platform, os.name',
        offset: 18,
      },
    });
  });

  it('ends bare values at parentheses, so groups close right after them', () => {
    expect(translateWql('(name=lab)', fields)).toEqual({ ok: true, query: { q: '(name=lab)' } });
  });

  it('accepts any field when the view gives no field list', () => {
    expect(translateWql('colour=red', [])).toEqual({ ok: true, query: { q: 'colour=red' } });
  });

  it.each([
    ['status=', 'Expected a value after "="'],
    ['status=active and', 'Expected a field after "and"'],
    ['(status=active', 'A "(" is not closed'],
    ['status=active)', 'There is a ")" without a matching "("'],
    ['name="a;b"', 'The value "a;b" contains ";" or ",", which the managed API\'s q cannot carry'],
    ['name="a,b"', 'The value "a,b" contains ";" or ",", which the managed API\'s q cannot carry'],
    ['name="a(b"', 'The value "a(b" has unbalanced parentheses'],
    ['status=active status=pending', 'Expected "and", "or" or ")" at "status=pending"'],
    ['status ! active', 'Expected an operator (=, !=, <, >, ~) after "status"'],
  ])('rejects %s: %s', (input, message) => {
    const result = translateWql(input, fields);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe(message);
  });
});

describe('WQL suggestions', () => {
  const context = (suggestValues?: SuggestionContext['suggestValues']): SuggestionContext => ({
    fields,
    suggestValues,
    signal: new AbortController().signal,
  });
  const labels = async (input: string, cursor = input.length, ctx = context()) =>
    (await suggestWql(input, cursor, ctx)).map((s) => s.label);

  it('offers every field and a group at the start', async () => {
    expect(await labels('')).toEqual(['id', 'name', 'status', 'os.platform', 'os.name', '(']);
  });

  it('filters fields by what was typed and replaces the typed part', async () => {
    const suggestions = await suggestWql('status=active and os', 20, context());
    expect(suggestions.map((s) => s.label)).toEqual(['os.platform', 'os.name']);
    expect(suggestions[0]).toMatchObject({
      kind: 'field',
      insertText: 'os.platform',
      replaceFrom: 18,
      replaceTo: 20,
    });
  });

  it('offers operators after a complete field name', async () => {
    expect(await labels('status ')).toEqual(['=', '!=', '<', '>', '~']);
    expect(await labels('status')).toEqual(['=', '!=', '<', '>', '~']);
    expect(await labels('status!')).toEqual(['!=']);
  });

  it('offers the static values of enum fields, filtered by the typed part', async () => {
    expect(await labels('status=')).toEqual([
      'active',
      'pending',
      'never_connected',
      'disconnected',
    ]);
    const suggestions = await suggestWql('status!=nev', 11, context());
    expect(suggestions).toEqual([
      {
        kind: 'value',
        label: 'never_connected',
        insertText: 'never_connected ',
        replaceFrom: 8,
        replaceTo: 11,
      },
    ]);
  });

  it('asks the value suggester for other fields and quotes values with spaces', async () => {
    const suggestValues = jest.fn(async () => ['Ubuntu', 'Microsoft Windows 11 Pro', 'Ubuntu']);
    const suggestions = await suggestWql('os.name~"Mic', 12, context(suggestValues));
    expect(suggestValues).toHaveBeenCalledWith('os.name', 'Mic', expect.any(AbortSignal));
    expect(suggestions.map((s) => s.insertText)).toEqual([
      'Ubuntu ',
      '"Microsoft Windows 11 Pro" ',
    ]);
    expect(suggestions[1]).toMatchObject({ replaceFrom: 8, replaceTo: 12 });
  });

  it('offers conjunctions after a value, and ")" inside a group', async () => {
    expect(await labels('status=active ')).toEqual(['and', 'or']);
    expect(await labels('(status=active ')).toEqual(['and', 'or', ')']);
    expect(await labels('status=active a')).toEqual(['and']);
    const afterGroup = await suggestWql('(id=1)', 6, context());
    expect(afterGroup[0].insertText).toBe(' and ');
  });

  it('offers fields again after a conjunction', async () => {
    expect(await labels('status=active and n')).toEqual(['name', 'os.name']);
  });

  it('suggests for the cursor position, not the end of the input', async () => {
    expect(await labels('name=x and status=active', 2)).toEqual(['name', 'os.name']);
  });

  it('writes values the way WQL reads them', () => {
    expect(wqlValueText('plain')).toBe('plain');
    expect(wqlValueText('with space')).toBe('"with space"');
    expect(wqlValueText('say "hi"')).toBe('"say \\"hi\\""');
    expect(lexWql(`name=${wqlValueText('a "b" (c)')}`).tokens[2].value).toBe('a "b" (c)');
  });
});
