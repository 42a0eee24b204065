import { cellGetter, safeCellText } from './csv-cells';

describe('safeCellText', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\n=1+1', "'\n=1+1"],
    ['  =1+1', "'  =1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u3000=1+1', "'\u3000=1+1"],
    ['\u200b=1+1', "'\u200b=1+1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
  ])('neutralises the formula %j', (text, cell) => {
    expect(safeCellText(text)).toBe(cell);
  });

  it.each([
    ['\r=1+1', "'\n=1+1"],
    ['\u0000=1+1', "'=1+1"],
    ['\u0000\u0001\u001f=cmd', "'=cmd"],
    ['\u202e=1+1', "'=1+1"],
    ['\ufeff@x', "'@x"],
  ])('neutralises %j once the characters before it are stripped', (text, cell) => {
    expect(safeCellText(text)).toBe(cell);
  });

  it.each([
    "cmd|' /C calc'!A0",
    'msexcel|"\\..\\..\\Windows\\System32\\cmd.exe"!z',
    "prefix x rundll32|' a'!b",
  ])('neutralises the DDE payload %j wherever it stands', (text) => {
    expect(safeCellText(text)).toBe(`'${text}`);
  });

  it('strips control, C1 and bidirectional characters, keeps tab and line feed, unifies line breaks', () => {
    expect(safeCellText('a\u0000b\u0007c\u007fd\u0085e\u202ef\u2066g')).toBe('abcdefg');
    expect(safeCellText('one\ttwo\r\nthree\rfour\u2028five')).toBe('one\ttwo\nthree\nfour\nfive');
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['web-01', 'Ubuntu 22.04', 'a=b', 'x+y', 'me@example.org', 'ünïcödé', ''])
      expect(safeCellText(text)).toBe(text);
  });
});

describe('cellGetter', () => {
  it('neutralises strings, lists and objects, not numbers', () => {
    expect(cellGetter('name')({ name: '=HYPERLINK("http://x")' })).toBe('\'=HYPERLINK("http://x")');
    expect(cellGetter('group')({ group: ['-x', 'y'] })).toBe("'-x, y");
    expect(cellGetter('os.name')({ os: { name: '@evil' } })).toBe("'@evil");
    expect(cellGetter('n')({ n: -5 })).toBe('-5');
  });
});
