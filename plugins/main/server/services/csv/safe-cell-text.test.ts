import { csvCell, quoteCell, safeCellText } from './safe-cell-text';

/** What a spreadsheet runs when a cell starts with it, in every form one takes. */
const FORMULA_SIGNS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫'];
/** What may stand before the sign: blanks a spreadsheet skips and control characters the cleaning drops. */
const LEADERS = [
  '',
  ' ',
  '   ',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '\u0000',
  '\u0000\r\t ',
  ' \u0001\u001f\u007f',
  '\u3000',
  '\u00a0',
  '\u202e',
  '\ufeff',
];

describe('safeCellText', () => {
  it.each(LEADERS.flatMap((leader) => FORMULA_SIGNS.map((sign) => [leader, sign])))(
    'neutralises %j then %j: cleaned first, then the leading quote',
    (leader, sign) => {
      const cell = safeCellText(`${leader}${sign}1+5`);
      expect(cell.startsWith("'")).toBe(true);
      expect(cell.endsWith(`${sign}1+5`)).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(cell).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e\ufeff]/);
    },
  );

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

describe('csvCell', () => {
  /** Every character the cleaning, the DDE check or the quoting acts on, and plain ones around them. */
  const SPECIAL = [
    ...'=+-@＝＋－＠﹦﹢﹣﹫ \t\r\n\u0000\u0001\u001f\u007f\u0085\u009f\u00a0\u200b\u2028\u2029\u202a\u202e\u2066\u2069\u3000\ufeff',
    ...'",|\'!',
  ];
  const PLAIN = ['', 'a', 'Z', '0', '9', '~', '(', '.', 'é', 'web 01'];
  const texts = [
    ...PLAIN,
    ...SPECIAL.flatMap((special) =>
      PLAIN.flatMap((plain) => [
        `${special}${plain}`,
        `${plain}${special}`,
        `x${plain}${special}y`,
      ]),
    ),
    "cmd|' /C calc'!A0",
    "a1|'x'!b",
    'say "hi", then go',
  ];

  it.each(texts)('writes %j as cleaning, neutralising then quoting would', (text) => {
    expect(csvCell(text)).toBe(quoteCell(safeCellText(text)));
  });

  it('writes a plain cell as it is', () => {
    expect(csvCell('web-01.example.org')).toBe('web-01.example.org');
  });
});
