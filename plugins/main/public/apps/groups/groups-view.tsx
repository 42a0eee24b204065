/** The Groups app: groups with their agent counts; a group opens its `agent.conf` (`?group=…`). */
import { EuiBasicTable, EuiButtonEmpty, type EuiBasicTableColumn } from '@elastic/eui';
import { useCallback, useMemo } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { useCanWrite } from '../../components/ruleset/use-can-write';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { RulesetApi } from '../../services/ruleset-api';
import { GroupConfiguration } from './group-configuration';

interface Group {
  name: string;
  count: number;
  configSum: string;
}

export function GroupsPanel({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const ruleset = useMemo(() => new RulesetApi(api, host.id), [api, host.id]);
  const canWrite = useCanWrite();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Group>({
        apiHostId: host.id,
        path: '/groups',
        query: { limit: 500 },
        signal,
        action: 'group:read',
      }),
    [api, host.id],
  );
  const groups = useAsync(load, 'Reading the groups', 'group:read');
  const open = params.get('group');
  if (open)
    return (
      <GroupConfiguration
        key={open}
        group={open}
        ruleset={ruleset}
        canWrite={canWrite}
        onClose={() => setParams({ group: undefined }, { push: true })}
      />
    );
  const columns: Array<EuiBasicTableColumn<Group>> = [
    {
      field: 'name',
      name: 'Group',
      render: (name: string) => (
        <EuiButtonEmpty
          size="xs"
          flush="left"
          onClick={() => setParams({ group: name }, { push: true })}
          data-test-subj={`openGroup-${name}`}
        >
          {name}
        </EuiButtonEmpty>
      ),
    },
    { field: 'count', name: 'Agents', width: '100px' },
    { field: 'configSum', name: 'Configuration checksum' },
  ];
  return groups.state.status === 'error' && !groups.state.data ? (
    <ErrorPrompt error={groups.state.error} onRetry={groups.reload} />
  ) : (
    <EuiBasicTable<Group>
      items={groups.state.data?.items ?? []}
      columns={columns}
      loading={groups.state.status === 'loading'}
      data-test-subj="groupsTable"
    />
  );
}
