/**
 * File integrity monitoring's Inventory tab: the files the pinned agent's integrity monitoring
 * watches, from the managed API (`GET /syscheck/{agent_id}`), searched, sorted and paged there.
 */
import { EuiEmptyPrompt, type EuiBasicTableColumn } from '@elastic/eui';
import type { ApiHost } from '../../../common/api-hosts';
import { formatDate } from '../../components/format';
import { ManagedApiTable } from '../../components/managed-api-table';
import type { SearchField } from '../../query-languages/types';

type FileRow = Record<string, unknown>;

const COLUMNS: Array<EuiBasicTableColumn<FileRow>> = [
  { field: 'file', name: 'File', sortable: true, truncateText: true, width: '24em' },
  {
    field: 'mtime',
    name: 'Last modified',
    sortable: true,
    render: (date: string) => formatDate(date),
  },
  { field: 'uname', name: 'User', sortable: true },
  { field: 'gname', name: 'Group', sortable: true },
  { field: 'perm', name: 'Permissions', sortable: true },
  { field: 'size', name: 'Size', sortable: true, dataType: 'number' },
  { field: 'changes', name: 'Changes', sortable: true, dataType: 'number' },
];

const SEARCH_FIELDS: SearchField[] = [
  { name: 'file', description: 'path' },
  { name: 'type', values: ['file', 'registry_key'] },
  { name: 'uname', description: 'owner' },
  { name: 'md5' },
  { name: 'sha1' },
  { name: 'sha256' },
];

export function FimInventory({ host, agentId }: { host: ApiHost; agentId?: string }) {
  if (!agentId)
    return (
      <EuiEmptyPrompt
        iconType="pin"
        title={<h2>Pin an agent</h2>}
        body={<p>The inventory lists the files one agent watches: pin it with the agent picker.</p>}
        data-test-subj="fimInventoryPinAgent"
      />
    );
  return (
    <ManagedApiTable<FileRow>
      host={host}
      path={`/syscheck/${encodeURIComponent(agentId)}`}
      columns={COLUMNS}
      searchFields={SEARCH_FIELDS}
      defaultSort="+file"
      prefix="fim"
      action="syscheck:read"
      what="files"
      itemId="file"
      data-test-subj="fimInventory"
    />
  );
}
