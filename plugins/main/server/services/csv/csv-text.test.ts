import { cellGetter } from './csv-cells';
import { csvHeader, csvLines } from './csv-text';

describe('csvHeader', () => {
  it('quotes titles that need it and neutralises those a spreadsheet would run', () => {
    expect(csvHeader(['ID', 'a,b', '\r=cmd', 'say "hi"'])).toBe('ID,"a,b","\'\n=cmd","say ""hi"""');
  });
});

describe('csvLines', () => {
  const getters = ['id', 'name', 'os.name', 'group'].map(cellGetter);

  it('writes one line per item, cells in column order, lines joined without a final line feed', () => {
    const text = csvLines(
      [
        { id: '001', name: 'web, "edge"', os: { name: 'Ubuntu' }, group: ['default', 'web'] },
        { id: '002', name: '=1+5', group: [] },
      ],
      getters,
    );
    expect(text).toBe('001,"web, ""edge""",Ubuntu,"default, web"\n002,\'=1+5,,');
  });

  it('writes nothing for no items', () => {
    expect(csvLines([], getters)).toBe('');
  });
});
