/**
 * One CDB list as a key/value table: search, add, edit and remove rows, then save the whole list as
 * its file. Unsaved rows are protected like an edited file; a refused save keeps them. The CSV export
 * writes the stored list (key and value columns), so it waits until the rows shown are saved.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiFieldSearch,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiForm,
  EuiFormRow,
  EuiSpacer,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import { CsvExportButton } from '../../components/csv-export-button';
import { DocumentEditorFrame, useEditedDocument } from '../../components/ruleset/document-editor';
import type { PermissionVerdict } from '../../components/api-permissions';
import { CUSTOM_FOLDER, type RulesetApi } from '../../services/ruleset-api';
import {
  type CdbEntry,
  keyProblem,
  parseCdbList,
  serializeCdbList,
  valueProblem,
} from './cdb-list';

type RowEdit = { mode: 'add' } | { mode: 'edit'; key: string };

function RowForm({
  entries,
  edit,
  onDone,
  onCancel,
}: {
  entries: CdbEntry[];
  edit: RowEdit;
  onDone(entry: CdbEntry): void;
  onCancel(): void;
}) {
  const current =
    edit.mode === 'edit' ? entries.find((entry) => entry.key === edit.key) : undefined;
  const [key, setKey] = useState(current?.key ?? '');
  const [value, setValue] = useState(current?.value ?? '');
  const [touched, setTouched] = useState(false);
  const keyError = touched ? keyProblem(key, entries, current?.key) : undefined;
  const valueError = valueProblem(value);
  const complete = !keyProblem(key, entries, current?.key) && !valueError;
  return (
    <EuiForm
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onDone({ key, value });
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <EuiFlexGroup
        gutterSize="s"
        alignItems="flexEnd"
        responsive={false}
        data-test-subj="cdbRowForm"
      >
        <EuiFlexItem>
          <EuiFormRow label="Key" isInvalid={!!keyError} error={keyError}>
            <EuiFieldText
              compressed
              value={key}
              isInvalid={!!keyError}
              onChange={(event) => {
                setKey(event.target.value);
                setTouched(true);
              }}
              data-test-subj="cdbRowKey"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiFormRow label="Value" isInvalid={!!valueError} error={valueError}>
            <EuiFieldText
              compressed
              value={value}
              onChange={(event) => setValue(event.target.value)}
              data-test-subj="cdbRowValue"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton size="s" type="submit" isDisabled={!complete} data-test-subj="cdbRowDone">
            {edit.mode === 'add' ? 'Add' : 'Update'}
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty size="s" onClick={onCancel}>
            Cancel
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
    </EuiForm>
  );
}

export const UNSAVED_EXPORT_REASON =
  'Save the list first: the export writes the list as the managed API stores it.';

/** The export of one stored list, with its key and value columns only. */
function cdbListExportFilters(filename: string) {
  return [{ name: 'filename', value: filename, _isCDBList: true }];
}

export function CdbListEditor({
  filename,
  isNew,
  ruleset,
  editing,
  onClose,
  onDeleteRequest,
  onSaved,
}: {
  filename: string;
  isNew: boolean;
  ruleset: RulesetApi;
  /** Whether the user may save this list (a new one, or over the stored one). */
  editing: PermissionVerdict;
  onClose(): void;
  onDeleteRequest(): void;
  onSaved(): void;
}) {
  const load = useCallback(
    (signal: AbortSignal) =>
      isNew
        ? Promise.resolve<CdbEntry[]>([])
        : ruleset
            .readFile('lists', { filename, relative_dirname: CUSTOM_FOLDER.lists }, signal)
            .then(parseCdbList),
    [isNew, ruleset, filename],
  );
  const document = useEditedDocument<CdbEntry[]>({
    load,
    what: `Reading the list ${filename}`,
    action: 'lists:read',
    isNew,
    empty: [],
    persist: (entries) =>
      ruleset.saveFile(
        'lists',
        { filename, relative_dirname: CUSTOM_FOLDER.lists },
        serializeCdbList(entries),
        !isNew,
      ),
    saveAction: 'lists:update',
    savedTitle: `Saved the list ${filename}`,
    onSaved,
  });
  const [rowEdit, setRowEdit] = useState<RowEdit>();
  const [search, setSearch] = useState('');
  const entries = document.value;
  const shown = entries.filter(
    (entry) =>
      search === '' ||
      entry.key.toLowerCase().includes(search.toLowerCase()) ||
      entry.value.toLowerCase().includes(search.toLowerCase()),
  );

  const change = (next: CdbEntry[]) => {
    document.change(next);
    setRowEdit(undefined);
  };

  const columns: Array<EuiBasicTableColumn<CdbEntry>> = [
    { field: 'key', name: 'Key', sortable: true },
    { field: 'value', name: 'Value', sortable: true },
    ...(editing.allowed
      ? [
          {
            name: 'Actions',
            width: '90px',
            actions: [
              {
                name: 'Edit',
                description: 'Edit this row',
                icon: 'pencil' as const,
                type: 'icon' as const,
                onClick: (entry: CdbEntry) => setRowEdit({ mode: 'edit', key: entry.key }),
                'data-test-subj': 'cdbRowEdit',
              },
              {
                name: 'Remove',
                description: 'Remove this row',
                icon: 'trash' as const,
                type: 'icon' as const,
                color: 'danger' as const,
                onClick: (entry: CdbEntry) =>
                  change(entries.filter((candidate) => candidate.key !== entry.key)),
                'data-test-subj': 'cdbRowRemove',
              },
            ],
          },
        ]
      : []),
  ];

  return (
    <DocumentEditorFrame
      document={document}
      title={`${CUSTOM_FOLDER.lists}/${filename}`}
      backLabel="Lists"
      readOnlyReason={editing.reason}
      ruleset={ruleset}
      savedWhat="The CDB list was saved"
      failedTitle={`The managed API did not save ${filename}`}
      toolbar={
        <EuiFlexItem grow={false}>
          <CsvExportButton
            apiHostId={ruleset.apiHostId}
            path="/lists"
            filters={cdbListExportFilters(filename)}
            what={`the list ${filename}`}
            disabledReason={document.dirty ? UNSAVED_EXPORT_REASON : undefined}
          />
        </EuiFlexItem>
      }
      onClose={onClose}
      onDeleteRequest={isNew ? undefined : onDeleteRequest}
      data-test-subj="cdbList"
    >
      <EuiFlexGroup gutterSize="s" responsive={false}>
        <EuiFlexItem>
          <EuiFieldSearch
            fullWidth
            placeholder="Search keys and values"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-test-subj="cdbListSearch"
          />
        </EuiFlexItem>
        {editing.allowed && (
          <EuiFlexItem grow={false}>
            <EuiButton
              iconType="plusCircle"
              onClick={() => setRowEdit({ mode: 'add' })}
              data-test-subj="cdbAddRow"
            >
              Add row
            </EuiButton>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {rowEdit && (
        <>
          <RowForm
            key={rowEdit.mode === 'edit' ? rowEdit.key : ''}
            entries={entries}
            edit={rowEdit}
            onCancel={() => setRowEdit(undefined)}
            onDone={(entry) =>
              change(
                rowEdit.mode === 'add'
                  ? [...entries, entry]
                  : entries.map((candidate) => (candidate.key === rowEdit.key ? entry : candidate)),
              )
            }
          />
          <EuiSpacer size="s" />
        </>
      )}
      <EuiBasicTable<CdbEntry>
        items={shown}
        columns={columns}
        loading={document.loaded.state.status === 'loading'}
        noItemsMessage={search ? 'No row matches the search' : 'The list is empty'}
        data-test-subj="cdbListTable"
      />
    </DocumentEditorFrame>
  );
}
