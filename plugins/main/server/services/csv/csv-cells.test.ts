import { cellGetter } from './csv-cells';

describe('cellGetter', () => {
  it('neutralises and quotes strings, lists and objects, not numbers', () => {
    expect(cellGetter('name')({ name: '=HYPERLINK("http://x")' })).toBe(
      '"\'=HYPERLINK(""http://x"")"',
    );
    expect(cellGetter('tags')({ tags: { a: 1, b: 2 } })).toBe('"{""a"":1,""b"":2}"');
    expect(cellGetter('group')({ group: ['-x', 'y'] })).toBe('"\'-x, y"');
    expect(cellGetter('os.name')({ os: { name: '@evil' } })).toBe("'@evil");
    expect(cellGetter('n')({ n: -5 })).toBe('-5');
  });
});
