/**
 * The files of the Rules or Decoders app: a table of built-in and custom files, a file opened in the
 * editor (`?file=…&dir=…` in the URL, so it can be linked), new custom files and deletion, both
 * confirmed.
 */
import { EuiButtonEmpty, EuiFlexGroup, EuiFlexItem, type EuiBasicTableColumn } from '@elastic/eui';
import { useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import type { DecoderFile } from '../../services/managed-api-types';
import {
  CUSTOM_FOLDER,
  RulesetApi,
  type RulesetFileRef,
  isCustomFile,
} from '../../services/ruleset-api';
import { useAppUrlState } from '../app-url-state';
import { ManagedApiTable } from '../managed-api-table';
import type { SearchField } from '../../query-languages/types';
import { useConfirmedDelete } from './confirmed-delete';
import { NameModal, NewButton } from './name-modal';
import { useSvcServices } from '../services-context';
import { RulesetFileEditor } from './ruleset-file-editor';
import { requiredFor } from '../../../common/rbac-ui-actions';
import { withReason } from '../api-permissions';
import { useWritePermissions } from './use-can-write';

export type RulesetFilesKind = 'rules' | 'decoders';

const FILE_FIELDS: SearchField[] = [
  { name: 'filename' },
  { name: 'relative_dirname' },
  { name: 'status', values: ['enabled', 'disabled'] },
];

const XML_FILENAME = /^[\w-]+\.xml$/;

function newFileProblem(name: string): string | undefined {
  if (name === '') return undefined;
  return XML_FILENAME.test(name)
    ? undefined
    : 'Use letters, digits, "-" or "_", ending in .xml (e.g. local_web_rules.xml)';
}

export function RulesetFilesPanel({
  host,
  kind,
  extraColumns = [],
}: {
  host: ApiHost;
  kind: RulesetFilesKind;
  extraColumns?: Array<EuiBasicTableColumn<DecoderFile>>;
}) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const ruleset = useMemo(() => new RulesetApi(api, host.id), [api, host.id]);
  const permitted = useWritePermissions();
  const deleting = (file: RulesetFileRef) =>
    permitted(requiredFor({ kind: 'rulesetFileDelete', ruleset: kind, file: file.filename }));
  const [creating, setCreating] = useState(false);
  const [tableGeneration, setTableGeneration] = useState(0);
  const filename = params.get('file');
  const open: RulesetFileRef | undefined = filename
    ? { filename, relative_dirname: params.get('dir') ?? CUSTOM_FOLDER[kind] }
    : undefined;
  const isNew = params.get('new') === 'true';

  const openFile = (file: RulesetFileRef, asNew = false) =>
    setParams(
      { file: file.filename, dir: file.relative_dirname, new: asNew ? 'true' : undefined },
      { push: true },
    );
  const close = () =>
    setParams({ file: undefined, dir: undefined, new: undefined }, { push: true });

  const deletion = useConfirmedDelete<RulesetFileRef>({
    nameOf: (file) => `${file.relative_dirname}/${file.filename}`,
    consequence: () => 'The file is removed from the manager.',
    remove: (file) => ruleset.deleteFile(kind, file),
    action: `${kind}:delete`,
    onDeleted: () => {
      setTableGeneration((value) => value + 1);
      close();
    },
    'data-test-subj': 'confirmDeleteRulesetFile',
  });

  if (open)
    return (
      <>
        <RulesetFileEditor
          key={`${open.relative_dirname}/${open.filename}`}
          kind={kind}
          file={open}
          isNew={isNew}
          ruleset={ruleset}
          editing={permitted(
            requiredFor(
              isNew
                ? { kind: 'rulesetFileCreate', ruleset: kind }
                : { kind: 'rulesetFileUpdate', ruleset: kind, file: open.filename },
            ),
          )}
          onClose={close}
          onDeleteRequest={() => deletion.request(open)}
          onSaved={() => isNew && setParams({ new: undefined })}
        />
        {deletion.modal}
      </>
    );

  const columns: Array<EuiBasicTableColumn<DecoderFile>> = [
    {
      field: 'filename',
      name: 'File',
      sortable: true,
      render: (name: string, file: DecoderFile) => (
        <EuiButtonEmpty
          size="xs"
          flush="left"
          onClick={() => openFile(file)}
          data-test-subj={`openRulesetFile-${name}`}
        >
          {name}
        </EuiButtonEmpty>
      ),
    },
    { field: 'relative_dirname', name: 'Path', sortable: true },
    { field: 'status', name: 'Status', sortable: true, width: '100px' },
    {
      name: 'Kind',
      width: '100px',
      render: (file: DecoderFile) => (isCustomFile(file) ? 'Custom' : 'Built-in'),
    },
    ...extraColumns,
    {
      name: 'Actions',
      width: '90px',
      actions: [
        {
          name: (file: DecoderFile) => withReason('Delete', deleting(file)),
          description: 'Delete this custom file',
          icon: 'trash',
          type: 'icon',
          color: 'danger',
          available: isCustomFile,
          enabled: (file: DecoderFile) => deleting(file).allowed,
          onClick: (file: DecoderFile) => deletion.request(file),
          'data-test-subj': 'deleteRulesetFileRow',
        },
      ],
    },
  ];
  return (
    <>
      <ManagedApiTable<DecoderFile>
        key={tableGeneration}
        host={host}
        path={`/${kind}/files`}
        columns={columns}
        searchFields={FILE_FIELDS}
        defaultSort="+filename"
        prefix="files"
        action={`${kind}:read`}
        what={`${kind} files`}
        itemId="filename"
        toolbar={
          <EuiFlexGroup justifyContent="flexEnd" responsive={false}>
            <EuiFlexItem grow={false}>
              <NewButton
                verdict={permitted(requiredFor({ kind: 'rulesetFileCreate', ruleset: kind }))}
                onClick={() => setCreating(true)}
                data-test-subj="newRulesetFile"
              >
                New file
              </NewButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        }
        data-test-subj={`${kind}FilesTable`}
      />
      {creating && (
        <NameModal
          title="New custom file"
          label="File name"
          problemOf={newFileProblem}
          data-test-subj="newRulesetFileModal"
          onCancel={() => setCreating(false)}
          onCreate={(name) => {
            setCreating(false);
            openFile({ filename: name, relative_dirname: CUSTOM_FOLDER[kind] }, true);
          }}
        />
      )}
      {deletion.modal}
    </>
  );
}
