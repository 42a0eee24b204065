/** The CDB lists app: the lists with their sizes, one list opened as a table (`?list=…`), new and delete. */
import {
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiConfirmModal,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { useCanWrite } from '../../components/ruleset/use-can-write';
import { NameModal } from '../../components/ruleset/name-modal';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
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
  const { api, core, errors } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const ruleset = useMemo(() => new RulesetApi(api, host.id), [api, host.id]);
  const canWrite = useCanWrite();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string>();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<CdbList>({
        apiHostId: host.id,
        path: '/lists',
        query: { limit: 500 },
        signal,
        action: 'lists:read',
      }),
    [api, host.id],
  );
  const lists = useAsync(load, 'Reading the CDB lists', 'lists:read');
  const open = params.get('list');
  const isNew = params.get('new') === 'true';
  const close = () => {
    setParams({ list: undefined, new: undefined }, { push: true });
    lists.reload();
  };

  const remove = async (filename: string) => {
    setDeleting(undefined);
    try {
      await ruleset.deleteFile('lists', { filename, relative_dirname: CUSTOM_FOLDER.lists });
      core.notifications.toasts.addSuccess({
        title: `Deleted the list ${filename}`,
        'data-test-subj': 'cdbListDeleted',
      });
      close();
    } catch (error) {
      errors.report(error, `Deleting the list ${filename}`, { action: 'lists:delete' });
    }
  };

  const confirmDelete = deleting && (
    <EuiConfirmModal
      title={`Delete the list ${deleting}?`}
      cancelButtonText="Cancel"
      confirmButtonText="Delete"
      buttonColor="danger"
      data-test-subj="confirmDeleteCdbList"
      onCancel={() => setDeleting(undefined)}
      onConfirm={() => remove(deleting)}
    >
      <p>Rules that look keys up in this list stop finding them. This cannot be undone.</p>
    </EuiConfirmModal>
  );

  if (open)
    return (
      <>
        <CdbListEditor
          key={open}
          filename={open}
          isNew={isNew}
          ruleset={ruleset}
          canWrite={canWrite}
          onClose={close}
          onDeleteRequest={() => setDeleting(open)}
          onSaved={() => isNew && setParams({ new: undefined })}
        />
        {confirmDelete}
      </>
    );

  const items = lists.state.data?.items ?? [];
  const columns: Array<EuiBasicTableColumn<CdbList>> = [
    {
      field: 'filename',
      name: 'List',
      sortable: true,
      render: (name: string) => (
        <EuiButtonEmpty
          size="xs"
          flush="left"
          onClick={() => setParams({ list: name }, { push: true })}
          data-test-subj={`openCdbList-${name}`}
        >
          {name}
        </EuiButtonEmpty>
      ),
    },
    { field: 'relative_dirname', name: 'Path' },
    { name: 'Entries', width: '100px', render: (list: CdbList) => list.items.length },
    {
      name: 'Actions',
      width: '90px',
      actions: [
        {
          name: 'Delete',
          description: 'Delete this list',
          icon: 'trash',
          type: 'icon',
          color: 'danger',
          available: () => canWrite,
          onClick: (list: CdbList) => setDeleting(list.filename),
          'data-test-subj': 'deleteCdbListRow',
        },
      ],
    },
  ];
  return (
    <>
      <EuiFlexGroup justifyContent="flexEnd" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            iconType="plusInCircle"
            isDisabled={!canWrite}
            title={canWrite ? undefined : 'Only dashboard administrators can add lists'}
            onClick={() => setCreating(true)}
            data-test-subj="newCdbList"
          >
            New list
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {lists.state.status === 'error' && !lists.state.data ? (
        <ErrorPrompt error={lists.state.error} onRetry={lists.reload} />
      ) : (
        <EuiBasicTable<CdbList>
          items={items}
          columns={columns}
          loading={lists.state.status === 'loading'}
          data-test-subj="cdbListsTable"
        />
      )}
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
          data-test-subj="newCdbList"
          onCancel={() => setCreating(false)}
          onCreate={(name) => {
            setCreating(false);
            setParams({ list: name, new: 'true' }, { push: true });
          }}
        />
      )}
      {confirmDelete}
    </>
  );
}
