import type { ChartPalette } from '../../../charts/palette';
import { agentColumns, choosableColumns, HIDDEN_BY_DEFAULT, shownColumns } from './agent-columns';

const none = {
  restart: jest.fn(),
  assignGroup: jest.fn(),
  remove: jest.fn(),
  permission: () => ({ allowed: true }),
};
const columns = agentColumns('prod', { agentStatus: {} } as unknown as ChartPalette, none);
const fieldsOf = (list: typeof columns) =>
  list.map((column) => ('field' in column ? String(column.field) : String(column.name)));

describe('agent columns', () => {
  it('offers every field column but id and name in the chooser', () => {
    expect(choosableColumns(columns)).toEqual([
      { id: 'ip', label: 'IP' },
      { id: 'version', label: 'Version' },
      { id: 'os.name', label: 'OS' },
      { id: 'group', label: 'Group' },
      { id: 'status', label: 'Status' },
      { id: 'lastKeepAlive', label: 'Last keep-alive' },
      { id: 'dateAdd', label: 'Registered' },
      { id: 'node_name', label: 'Node' },
    ]);
  });

  it('hides the chosen fields and keeps the actions', () => {
    expect(fieldsOf(shownColumns(columns, HIDDEN_BY_DEFAULT))).toEqual([
      'id',
      'name',
      'ip',
      'version',
      'os.name',
      'group',
      'status',
      'lastKeepAlive',
      'Actions',
    ]);
    expect(fieldsOf(shownColumns(columns, ['ip', 'status']))).not.toContain('ip');
  });
});
