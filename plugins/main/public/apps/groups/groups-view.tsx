/**
 * The Groups app: groups with their agent counts, created and deleted here (deletion confirmed); a
 * group opens its agents and its `agent.conf` (`?group=…`).
 */
import { useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { requiredFor } from '../../../common/rbac-ui-actions';
import { useAppUrlState } from '../../components/app-url-state';
import { useConfirmedDelete } from '../../components/ruleset/confirmed-delete';
import { NameModal } from '../../components/ruleset/name-modal';
import {
  NamedItemsTable,
  useNamedItems,
  withoutNamed,
} from '../../components/ruleset/named-items-table';
import { useCanWrite, useWritePermissions } from '../../components/ruleset/use-can-write';
import { useSvcServices } from '../../components/services-context';
import { RulesetApi } from '../../services/ruleset-api';
import { DEFAULT_GROUP, GroupView } from './group-view';

interface Group {
  name: string;
  count: number;
  configSum: string;
}

/** The managed API's group names: letters, digits, ".", "-", "_"; not "all", "." or "..". */
const GROUP_NAME = /^[A-Za-z0-9._-]+$/;
const RESERVED_NAMES = ['all', '.', '..'];

export function groupNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return undefined;
  if (!GROUP_NAME.test(name)) return 'Use letters, digits, ".", "-" or "_"';
  if (RESERVED_NAMES.includes(name)) return `"${name}" is reserved`;
  return existing.includes(name) ? 'A group with this name exists' : undefined;
}

export function GroupsPanel({ host }: { host: ApiHost }) {
  const { api, core, errors } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const ruleset = useMemo(() => new RulesetApi(api, host.id), [api, host.id]);
  const canWrite = useCanWrite();
  const permitted = useWritePermissions();
  const deleting = (group: string) => permitted(requiredFor({ kind: 'groupDelete', group }));
  const [creating, setCreating] = useState(false);
  const groups = useNamedItems<Group>(host.id, '/groups', 'group:read', 'the groups');
  const open = params.get('group');
  const close = () => {
    setParams({ group: undefined, groupTab: undefined }, { push: true });
    groups.reload();
  };
  const deletion = useConfirmedDelete<string>({
    nameOf: (group) => `the group ${group}`,
    consequence: () =>
      'Its agents leave it (an agent in no other group goes back to default) and its agent.conf is removed.',
    remove: (group) => ruleset.deleteGroup(group),
    action: 'group:delete',
    onDeleted: (group) => {
      groups.update(withoutNamed<Group>('name', group));
      close();
    },
    'data-test-subj': 'confirmDeleteGroup',
  });

  const create = async (group: string) => {
    setCreating(false);
    try {
      await ruleset.createGroup(group);
      core.notifications.toasts.addSuccess({
        title: `Created the group ${group}`,
        'data-test-subj': 'groupCreated',
      });
      groups.reload();
      setParams({ group }, { push: true });
    } catch (error) {
      errors.report(error, `Creating the group ${group}`, { action: 'group:create' });
    }
  };

  if (open)
    return (
      <>
        <GroupView
          key={open}
          host={host}
          group={open}
          ruleset={ruleset}
          canWrite={canWrite}
          configuring={permitted(requiredFor({ kind: 'groupConfiguration', group: open }))}
          onClose={close}
          onDeleteRequest={deleting(open).allowed ? () => deletion.request(open) : undefined}
        />
        {deletion.modal}
      </>
    );

  const items = groups.state.data?.items ?? [];
  return (
    <>
      <NamedItemsTable<Group>
        result={groups}
        nameField="name"
        nameTitle="Group"
        columns={[
          { field: 'count', name: 'Agents', width: '100px' },
          { field: 'configSum', name: 'Configuration checksum' },
        ]}
        creation={permitted(requiredFor({ kind: 'groupCreate' }))}
        deletion={(group) => deleting(group.name)}
        deletable={(group) => group.name !== DEFAULT_GROUP}
        onOpen={(name) => setParams({ group: name }, { push: true })}
        onDelete={(group) => deletion.request(group.name)}
        onNew={() => setCreating(true)}
        newLabel="New group"
        noun={{ subj: 'Group', text: 'group' }}
        data-test-subj="groupsTable"
      />
      {creating && (
        <NameModal
          title="New group"
          label="Group name"
          problemOf={(name) =>
            groupNameProblem(
              name,
              items.map((group) => group.name),
            )
          }
          data-test-subj="newGroupModal"
          onCancel={() => setCreating(false)}
          onCreate={(name) => void create(name)}
        />
      )}
      {deletion.modal}
    </>
  );
}
