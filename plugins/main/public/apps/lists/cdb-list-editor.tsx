/**
 * One CDB list as a key/value table: search, add, edit and remove rows, then save the whole list as
 * its file. Unsaved rows are protected like an edited file; a refused save keeps them.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFieldSearch,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiSpacer,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import { ApplyChanges } from '../../components/ruleset/apply-changes';
import { useUnsavedChanges } from '../../components/ruleset/unsaved-changes';
import { READ_ONLY_REASON } from '../../components/ruleset/use-can-write';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { CUSTOM_FOLDER, type RulesetApi } from '../../services/ruleset-api';
import { toSvcError } from '../../services/svc-error';
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
  return (
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
        <EuiButton
          size="s"
          isDisabled={!!keyProblem(key, entries, current?.key) || !!valueError}
          onClick={() => onDone({ key, value })}
          data-test-subj="cdbRowDone"
        >
          {edit.mode === 'add' ? 'Add' : 'Update'}
        </EuiButton>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButtonEmpty size="s" onClick={onCancel}>
          Cancel
        </EuiButtonEmpty>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

export function CdbListEditor({
  filename,
  isNew,
  ruleset,
  canWrite,
  onClose,
  onDeleteRequest,
  onSaved,
}: {
  filename: string;
  isNew: boolean;
  ruleset: RulesetApi;
  canWrite: boolean;
  onClose(): void;
  onDeleteRequest(): void;
  onSaved(): void;
}) {
  const { core, csv, errors } = useSvcServices();
  const file = { filename, relative_dirname: CUSTOM_FOLDER.lists };
  const load = useCallback(
    (signal: AbortSignal) =>
      isNew
        ? Promise.resolve<CdbEntry[]>([])
        : ruleset
            .readFile('lists', { filename, relative_dirname: CUSTOM_FOLDER.lists }, signal)
            .then(parseCdbList),
    [isNew, ruleset, filename],
  );
  const loaded = useAsync(load, `Reading the list ${filename}`, 'lists:read');
  const [draft, setDraft] = useState<CdbEntry[]>();
  const [savedEntries, setSavedEntries] = useState<CdbEntry[]>();
  const [rowEdit, setRowEdit] = useState<RowEdit>();
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const stored = savedEntries ?? loaded.state.data;
  const entries = draft ?? stored ?? [];
  const dirty = isNew || (draft !== undefined && draft !== stored);
  const { confirmLeave, modal } = useUnsavedChanges(dirty && canWrite);
  const shown = entries.filter(
    (entry) =>
      search === '' ||
      entry.key.toLowerCase().includes(search.toLowerCase()) ||
      entry.value.toLowerCase().includes(search.toLowerCase()),
  );

  const change = (next: CdbEntry[]) => {
    setDraft(next);
    setRowEdit(undefined);
  };

  /** The stored list, exported by the dashboard with its key and value columns. */
  const exportCsv = async () => {
    try {
      await csv.export({
        apiHostId: ruleset.apiHostId,
        path: '/lists',
        filters: [{ name: 'filename', value: filename, _isCDBList: true }],
      });
    } catch (error) {
      errors.report(error, `Exporting the list ${filename}`, { action: 'lists:read' });
    }
  };

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      await ruleset.saveFile('lists', file, serializeCdbList(entries), !isNew);
      setSavedEntries(entries);
      setDraft(entries);
      core.notifications.toasts.addSuccess({
        title: `Saved the list ${filename}`,
        'data-test-subj': 'cdbListSaved',
      });
      onSaved();
    } catch (error) {
      const failure = toSvcError(error, 'lists:update');
      setProblem(failure.detail || failure.title);
    } finally {
      setSaving(false);
    }
  };

  const columns: Array<EuiBasicTableColumn<CdbEntry>> = [
    { field: 'key', name: 'Key', sortable: true },
    { field: 'value', name: 'Value', sortable: true },
    ...(canWrite
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
    <>
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            iconType="arrowLeft"
            size="s"
            onClick={() => confirmLeave(onClose)}
            data-test-subj="closeCdbList"
          >
            Lists
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiTitle size="s">
            <h2 data-test-subj="cdbListTitle">
              {CUSTOM_FOLDER.lists}/{filename}
            </h2>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="exportAction"
            isDisabled={isNew}
            onClick={exportCsv}
            data-test-subj="cdbListCsv"
          >
            Export CSV
          </EuiButtonEmpty>
        </EuiFlexItem>
        {canWrite && !isNew && (
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              color="danger"
              iconType="trash"
              size="s"
              onClick={onDeleteRequest}
              data-test-subj="deleteCdbList"
            >
              Delete
            </EuiButtonEmpty>
          </EuiFlexItem>
        )}
        {canWrite && (
          <EuiFlexItem grow={false}>
            <EuiButton
              fill
              size="s"
              iconType="save"
              isLoading={saving}
              isDisabled={!dirty || loaded.state.status !== 'success'}
              onClick={save}
              data-test-subj="saveCdbList"
            >
              Save
            </EuiButton>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {!canWrite && (
        <>
          <EuiCallOut
            size="s"
            iconType="lock"
            title={READ_ONLY_REASON}
            data-test-subj="readOnlyReason"
          />
          <EuiSpacer size="s" />
        </>
      )}
      {problem && (
        <>
          <EuiCallOut
            color="danger"
            iconType="error"
            title={`The managed API did not save ${filename}`}
            data-test-subj="cdbListError"
          >
            <p>{problem}</p>
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      )}
      {savedEntries !== undefined && !dirty && (
        <>
          <ApplyChanges ruleset={ruleset} canWrite={canWrite} what="The CDB list was saved" />
          <EuiSpacer size="s" />
        </>
      )}
      {loaded.state.status === 'error' && !stored ? (
        <ErrorPrompt error={loaded.state.error} onRetry={loaded.reload} />
      ) : (
        <>
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
            {canWrite && (
              <EuiFlexItem grow={false}>
                <EuiButton
                  iconType="plusInCircle"
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
                      : entries.map((candidate) =>
                          candidate.key === rowEdit.key ? entry : candidate,
                        ),
                  )
                }
              />
              <EuiSpacer size="s" />
            </>
          )}
          <EuiBasicTable<CdbEntry>
            items={shown}
            columns={columns}
            loading={loaded.state.status === 'loading'}
            noItemsMessage={search ? 'No row matches the search' : 'The list is empty'}
            data-test-subj="cdbListTable"
          />
        </>
      )}
      {modal}
    </>
  );
}
