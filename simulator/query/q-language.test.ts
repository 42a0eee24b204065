import { ApiProblem } from '../http/problem';
import { type TableSpec, compileQ } from './list-query';
import { QSyntaxError, parseQ } from './q-language';

describe('q parser', () => {
  it('parses a single clause with each operator', () => {
    for (const operator of ['=', '!=', '<', '>', '~']) {
      expect(parseQ(`name${operator}web-01`)).toEqual({
        kind: 'clause',
        field: 'name',
        operator,
        value: 'web-01',
        text: `name${operator}web-01`,
      });
    }
  });

  it('binds ; (AND) tighter than , (OR)', () => {
    const node = parseQ('status=active,status=pending;os.platform=ubuntu');
    expect(node).toMatchObject({
      kind: 'or',
      children: [
        { kind: 'clause', field: 'status', value: 'active' },
        {
          kind: 'and',
          children: [
            { field: 'status', value: 'pending' },
            { field: 'os.platform', value: 'ubuntu' },
          ],
        },
      ],
    });
  });

  it('groups with parentheses', () => {
    const node = parseQ('(status=active,status=pending);os.platform=ubuntu');
    expect(node).toMatchObject({
      kind: 'and',
      children: [{ kind: 'or' }, { kind: 'clause', field: 'os.platform' }],
    });
  });

  it('accepts spaces, brackets with commas, and balanced parentheses inside values', () => {
    expect(parseQ('os.name=Microsoft Windows 11 Pro')).toMatchObject({
      value: 'Microsoft Windows 11 Pro',
    });
    expect(parseQ('name~[a,b]')).toMatchObject({ value: '[a,b]' });
    expect(parseQ('(name=f(x);id=1)')).toMatchObject({
      kind: 'and',
      children: [{ value: 'f(x)' }, { value: '1' }],
    });
  });

  it.each([
    'name',
    'name%=x',
    '=x',
    'name=',
    'name=a;',
    '(name=a',
    'name=a)',
    'name=a|b',
    'name=a,,id=1',
  ])('rejects %p', (text) => {
    expect(() => parseQ(text)).toThrow(QSyntaxError);
  });
});

interface Row {
  id: string;
  name: string;
  status?: string;
  level?: number;
  group?: string[];
  lastKeepAlive?: string;
}

const NOW = Date.parse('2025-03-10T12:00:00Z');
const DB: TableSpec<Row> = {
  mode: 'db',
  fields: {
    id: 'number',
    name: 'string',
    status: 'string',
    group: 'membership',
    lastKeepAlive: 'date',
  },
  sortFields: ['id', 'name'],
  selectFields: ['id', 'name'],
  requiredFields: ['id'],
  excludedFromDateFilters: (row) => row.id === '000',
};
const MEMORY: TableSpec<Row> = { ...DB, mode: 'memory', fields: {} };

const rows: Row[] = [
  { id: '000', name: 'manager', status: 'active', lastKeepAlive: '9999-12-31T23:59:59+00:00' },
  {
    id: '001',
    name: 'Web-01',
    status: 'active',
    group: ['default', 'web'],
    lastKeepAlive: '2025-03-10T11:59:30+00:00',
    level: 3,
  },
  {
    id: '002',
    name: 'db-02',
    status: 'disconnected',
    group: ['default', 'database'],
    lastKeepAlive: '2025-03-01T08:00:00+00:00',
    level: 10,
  },
  { id: '010', name: "o'brien", status: 'never_connected', group: ['default'], level: 12 },
];

function matching(spec: TableSpec<Row>, q: string): string[] {
  const predicate = compileQ(spec, q, NOW);
  return rows.filter(predicate).map((row) => row.id);
}

function problem(run: () => unknown): { status: number; code?: number; detail: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiProblem)
      return { status: error.status, code: error.body.error, detail: error.body.detail };
    throw error;
  }
  throw new Error('expected a problem');
}

describe('q evaluation, database flavour', () => {
  it('compares strings case-insensitively and ids as numbers', () => {
    expect(matching(DB, 'name=web-01')).toEqual(['001']);
    expect(matching(DB, 'name~DB')).toEqual(['002']);
    expect(matching(DB, 'id>1')).toEqual(['002', '010']);
    expect(matching(DB, 'id=10')).toEqual(['010']);
    expect(matching(DB, 'status!=active')).toEqual(['002', '010']);
  });

  it('combines clauses with AND, OR and parentheses', () => {
    expect(matching(DB, 'status=active;name~web')).toEqual(['001']);
    expect(matching(DB, 'status=never_connected,name=db-02')).toEqual(['002', '010']);
    expect(matching(DB, '(status=active,status=disconnected);id>0')).toEqual(['001', '002']);
  });

  it('treats group as membership and refuses < and > on it', () => {
    expect(matching(DB, 'group=web')).toEqual(['001']);
    expect(matching(DB, 'group!=web')).toEqual(['000', '002', '010']);
    expect(matching(DB, 'group~data')).toEqual(['002']);
    expect(problem(() => compileQ(DB, 'group>a', NOW))).toMatchObject({ status: 400, code: 1409 });
  });

  it('reads time frames on dates: > is "longer ago than", < is "more recently than"; agent 000 never matches', () => {
    expect(matching(DB, 'lastKeepAlive>1d')).toEqual(['002']);
    expect(matching(DB, 'lastKeepAlive<5m')).toEqual(['001']);
    expect(matching(DB, 'lastKeepAlive>2025-03-05')).toEqual(['001']);
    expect(problem(() => compileQ(DB, 'lastKeepAlive>yesterday', NOW))).toMatchObject({
      code: 1412,
    });
  });

  it('matches null and quote wildcards', () => {
    expect(matching(DB, 'lastKeepAlive=null')).toEqual(['010']);
    expect(matching(DB, "name=o'brien")).toEqual(['010']);
  });

  it('rejects unknown fields with 1408 listing the available ones, and bad syntax with 1407', () => {
    expect(problem(() => compileQ(DB, 'color=red', NOW))).toEqual({
      status: 400,
      code: 1408,
      detail:
        'Field does not exist: Available fields: group, id, lastKeepAlive, name, status. Field: color',
    });
    expect(problem(() => compileQ(DB, 'name%=x', NOW))).toEqual({
      status: 400,
      code: 1407,
      detail: 'Query does not match expected format: name%=x',
    });
  });
});

describe('q evaluation, in-memory flavour', () => {
  it('compares case-sensitively, numerically for numbers, and lets unknown fields not match', () => {
    expect(matching(MEMORY, 'name=web-01')).toEqual([]);
    expect(matching(MEMORY, 'name=Web-01')).toEqual(['001']);
    expect(matching(MEMORY, 'level>9')).toEqual(['002', '010']);
    expect(matching(MEMORY, 'group=web')).toEqual(['001']);
    expect(matching(MEMORY, 'color=red')).toEqual([]);
  });

  it('names the bad clause on syntax errors', () => {
    expect(problem(() => compileQ(MEMORY, 'level=a|b', NOW))).toMatchObject({ code: 1407 });
    expect(problem(() => compileQ(MEMORY, 'level', NOW)).detail).toBe(
      "Query does not match expected format: Parameter 'q' is not valid: 'level'",
    );
  });
});
