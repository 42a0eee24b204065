import { luceneFieldReferences, parseLucene } from './index';

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

describe('Lucene field references', () => {
  it('lists every field a query names, with the field of _exists_ and without - or +', () => {
    expect(
      luceneFieldReferences('rule.level:[7 TO 11] AND -agent.id:001 OR _exists_:data.srcip web'),
    ).toEqual({
      ok: true,
      fields: [
        { field: 'rule.level', offset: 0 },
        { field: 'agent.id', offset: 25 },
        { field: 'data.srcip', offset: 51 },
      ],
    });
  });

  it('names no field for free text or an empty query, and reports syntax errors', () => {
    expect(luceneFieldReferences('sshd failure')).toEqual({ ok: true, fields: [] });
    expect(luceneFieldReferences('  ')).toEqual({ ok: true, fields: [] });
    expect(luceneFieldReferences('rule.level:')).toMatchObject({
      ok: false,
      error: { offset: 11 },
    });
  });
});
