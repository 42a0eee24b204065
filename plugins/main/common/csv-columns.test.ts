import { csvColumnTitle } from './csv-columns';

describe('csvColumnTitle', () => {
  it.each([
    ['id', 'ID'],
    ['lastKeepAlive', 'Last keep alive'],
    ['os.name', 'OS name'],
    ['relative_dirname', 'Path'],
    ['mitre.technique', 'MITRE technique'],
    ['data.srcIp', 'Data src ip'],
    ['cis_csc_v8', 'Cis csc v8'],
  ])('%s → %s', (column, title) => {
    expect(csvColumnTitle(column)).toBe(title);
  });
});
