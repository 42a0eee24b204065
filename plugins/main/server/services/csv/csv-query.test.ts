import { AGENT_CSV_COLUMNS, GROUP_FILES_CSV_COLUMNS } from '../../../common/csv-columns';
import { csvQuery } from './csv-query';

const selectOf = (path: string, filters: Parameters<typeof csvQuery>[1] = []) =>
  csvQuery(path, filters).params.get('select');

describe('csvQuery select', () => {
  it.each(['/agents', '/agents/outdated', '/agents/no_group', '/groups/web/agents'])(
    'asks %s for the agent columns only',
    (path) => {
      expect(selectOf(path)).toBe(AGENT_CSV_COLUMNS.join(','));
    },
  );

  it('asks group files for their columns only', () => {
    expect(selectOf('/groups/web/files')).toBe(GROUP_FILES_CSV_COLUMNS.join(','));
  });

  it("replaces a caller's selection, which would leave the fixed columns empty", () => {
    expect(selectOf('/agents?select=name', [{ name: 'select', value: 'ip' }])).toBe(
      AGENT_CSV_COLUMNS.join(','),
    );
  });

  it("keeps the caller's selection with distinct, where it decides what is distinct", () => {
    expect(selectOf('/agents?distinct=true&select=os.name')).toBe('os.name');
  });

  it('leaves lists whose columns come from their items as asked', () => {
    expect(selectOf('/rules')).toBeNull();
    expect(selectOf('/rules?select=id,level')).toBe('id,level');
  });
});
