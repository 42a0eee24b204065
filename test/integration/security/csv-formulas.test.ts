/**
 * The managed-API CSV export on the real server never writes a cell a spreadsheet would run: every
 * sign a spreadsheet runs (`= + - @` and their full-width and small forms), alone or after blanks and
 * control characters (tab, carriage return, line feed, NUL, spaces), comes out with a leading `'` and
 * without the control characters, in agent columns, nested columns, lists and column titles.
 */
import { sendJson, type TestUpstream } from '../../support/test-upstream';
import type { TestClient, TestDashboard } from '../harness';
import { startSingleHostDashboard } from '../single-host';

jest.setTimeout(60_000);

const PASSWORD = 'Csv-Pw-3b8e';
const SIGNS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫'];
const LEADERS = ['', ' ', '  ', '\t', '\r', '\n', '\r\n', '\u0000', ' \u0000\t\r', '\u3000'];
const CASES = LEADERS.flatMap((leader) => SIGNS.map((sign) => `${leader}${sign}1+5`));

/** RFC 4180 rows (quoted cells may hold commas, quotes and line feeds). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A cell is safe when what a spreadsheet sees first, blanks skipped, is not a formula sign. */
function runsAsFormula(cell: string): boolean {
  return /^[\s\u200b-\u200d\u2060]*[=+\-@＝＋－＠﹦﹢﹣﹫]/.test(cell);
}

describe('CSV export of hostile values', () => {
  let upstream: TestUpstream;
  let dashboard: TestDashboard;
  let admin: TestClient;

  beforeAll(async () => {
    ({ upstream, dashboard } = await startSingleHostDashboard({
      apiHostId: 'csv',
      password: PASSWORD,
    }));
    admin = await dashboard.login();
  });
  afterAll(async () => {
    await dashboard?.stop();
    await upstream?.stop();
  });

  function serve(path: string, items: unknown[]): void {
    upstream.route('GET', path, (_request, response) =>
      sendJson(response, 200, {
        data: { affected_items: items, total_affected_items: items.length },
        error: 0,
      }),
    );
  }

  async function exported(path: string): Promise<string[][]> {
    const response = await admin.post('/api/csv', { body: { id: 'csv', path } });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('\u0000');
    expect(response.text).not.toContain('\r');
    return parseCsv(response.text);
  }

  it('neutralises every sign after every leader in agent columns, nested columns and lists', async () => {
    serve(
      '/agents',
      CASES.map((text, index) => ({
        id: String(index).padStart(3, '0'),
        name: text,
        os: { name: text },
        group: [text, 'default'],
      })),
    );
    const [titles, ...rows] = await exported('/agents');
    const column = (title: string) => titles.findIndex((value) => value.toLowerCase() === title);
    expect(rows).toHaveLength(CASES.length);
    rows.forEach((row, index) => {
      for (const cell of [row[column('name')], row[column('os name')], row[column('group')]]) {
        expect(cell.startsWith("'")).toBe(true);
        expect(runsAsFormula(cell.slice(1))).toBe(true);
        expect(cell.endsWith('1+5') || cell.endsWith('default')).toBe(true);
      }
      const cleaned = CASES[index].replace(/\r\n?/g, '\n').replaceAll('\u0000', '');
      expect(row[column('name')]).toBe(`'${cleaned}`);
    });
  });

  it('neutralises column titles taken from hostile keys, and leaves ordinary text alone', async () => {
    serve('/rules', [{ '\r=cmd': 'x', '\t@title': 'y', plain: 'a=b', email: 'me@example.org' }]);
    const [titles, row] = await exported('/rules');
    for (const title of titles.slice(0, 2)) expect(title.startsWith("'")).toBe(true);
    expect(row.slice(2)).toEqual(['a=b', 'me@example.org']);
  });
});
