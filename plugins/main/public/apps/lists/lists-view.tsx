/** The CDB lists app: the lists with their sizes, one list opened as a table (`?list=…`), new and delete. */
import { requiredFor } from '../../../common/rbac-ui-actions';
import { useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { useConfirmedDelete } from '../../components/ruleset/confirmed-delete';
import { NameModal } from '../../components/ruleset/name-modal';
import {
  NamedItemsTable,
  useNamedItems,
  withoutNamed,
} from '../../components/ruleset/named-items-table';
import { useWritePermissions } from '../../components/ruleset/use-can-write';
import { useSvcServices } from '../../components/services-context';
import { CUSTOM_FOLDER, RulesetApi } from '../../services/ruleset-api';
import { type CdbEntry } from './cdb-list';
import { CdbListEditor } from './cdb-list-editor';

interface CdbList {
  filename: string;
  relative_dirname: string;
  items: CdbEntry[];
}

const LIST_NAME = /^[\w.-]+$/;

function listNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return undefined;
  if (!LIST_NAME.test(name)) return 'Use letters, digits, ".", "-" or "_"';
  return existing.includes(name) ? 'A list with this name exists' : undefined;
}

export function ListsPanel({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const ruleset = useMemo(() => new RulesetApi(api, host.id), [api, host.id]);
  const permitted = useWritePermissions();
  const [creating, setCreating] = useState(false);
  const lists = useNamedItems<CdbList>(host.id, '/lists', 'lists:read', 'the CDB lists');
  const open = params.get('list');
  const isNew = params.get('new') === 'true';
  const close = () => {
    setParams({ list: undefined, new: undefined }, { push: true });
    lists.reload();
  };

  const deletion = useConfirmedDelete<string>({
    nameOf: (filename) => `the list ${filename}`,
    consequence: () => 'Rules that look keys up in this list stop finding them.',
    remove: (filename) =>
      ruleset.deleteFile('lists', { filename, relative_dirname: CUSTOM_FOLDER.lists }),
    action: 'lists:delete',
    onDeleted: (filename) => {
      lists.update(withoutNamed<CdbList>('filename', filename));
      close();
    },
    'data-test-subj': 'confirmDeleteCdbList',
  });

  if (open)
    return (
      <>
        <CdbListEditor
          key={open}
          filename={open}
          isNew={isNew}
          ruleset={ruleset}
          editing={permitted(
            requiredFor(
              isNew
                ? { kind: 'rulesetFileCreate', ruleset: 'lists' }
                : { kind: 'rulesetFileUpdate', ruleset: 'lists', file: open },
            ),
          )}
          onClose={close}
          onDeleteRequest={() => deletion.request(open)}
          onSaved={() => isNew && setParams({ new: undefined })}
        />
        {deletion.modal}
      </>
    );

  const items = lists.state.data?.items ?? [];
  return (
    <>
      <NamedItemsTable<CdbList>
        result={lists}
        nameField="filename"
        nameTitle="List"
        columns={[
          { field: 'relative_dirname', name: 'Path' },
          { name: 'Entries', width: '100px', render: (list: CdbList) => list.items.length },
        ]}
        creation={permitted(requiredFor({ kind: 'rulesetFileCreate', ruleset: 'lists' }))}
        deletion={(list) =>
          permitted(
            requiredFor({ kind: 'rulesetFileDelete', ruleset: 'lists', file: list.filename }),
          )
        }
        onOpen={(name) => setParams({ list: name }, { push: true })}
        onDelete={(list) => deletion.request(list.filename)}
        onNew={() => setCreating(true)}
        newLabel="New list"
        noun={{ subj: 'CdbList', text: 'list' }}
        data-test-subj="cdbListsTable"
      />
      {creating && (
        <NameModal
          title="New CDB list"
          label="List name"
          problemOf={(name) =>
            listNameProblem(
              name,
              items.map((list) => list.filename),
            )
          }
          data-test-subj="newCdbListModal"
          onCancel={() => setCreating(false)}
          onCreate={(name) => {
            setCreating(false);
            setParams({ list: name, new: 'true' }, { push: true });
          }}
        />
      )}
      {deletion.modal}
    </>
  );
}
