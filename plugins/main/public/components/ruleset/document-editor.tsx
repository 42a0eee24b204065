/**
 * What every ruleset editor shares (a rules or decoders file, a CDB list, a group's `agent.conf`): the
 * document is loaded, edited as a draft, protected while unsaved and saved whole; a refused save shows
 * the managed API's own message once, above the editor, and keeps the draft, so nothing is lost.
 */
import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useState, type ReactNode } from 'react';
import { type AsyncResult, useAsync } from '../../hooks/use-async';
import type { RulesetApi } from '../../services/ruleset-api';
import { toSvcError } from '../../services/svc-error';
import { ErrorPrompt } from '../error-prompt';
import { useSvcServices } from '../services-context';
import { ApplyChanges } from './apply-changes';
import { useUnsavedChanges } from './unsaved-changes';
import { type EditorProblem, problemLine } from './xml-editor';

export interface EditedDocument<T> {
  /** The draft, else what is stored. */
  value: T;
  change(next: T): void;
  dirty: boolean;
  /** Saved here and not changed since: the moment to offer to apply the change. */
  justSaved: boolean;
  loaded: AsyncResult<T>;
  saving: boolean;
  problem?: EditorProblem;
  save(): Promise<void>;
}

export function useEditedDocument<T>({
  load,
  what,
  action,
  isNew = false,
  empty,
  persist,
  saveAction,
  savedTitle,
  onSaved,
}: {
  /** Memoised with useCallback, as `useAsync` wants it. */
  load(signal: AbortSignal): Promise<T>;
  /** "Reading local_rules.xml", for a failed load. */
  what: string;
  action: string;
  /** A document not stored yet: it counts as changed until saved. */
  isNew?: boolean;
  /** The value before anything is loaded. */
  empty: T;
  persist(value: T): Promise<void>;
  saveAction: string;
  savedTitle: string;
  onSaved?(): void;
}): EditedDocument<T> {
  const { core } = useSvcServices();
  const loaded = useAsync(load, what, action);
  const [draft, setDraft] = useState<T>();
  /** The value last saved here, which the managed API now holds. */
  const [saved, setSaved] = useState<T>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<EditorProblem>();
  const stored = saved ?? loaded.state.data;
  const value = draft ?? stored ?? empty;
  const dirty = (isNew && saved === undefined) || (draft !== undefined && draft !== stored);

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      await persist(value);
      setSaved(value);
      setDraft(undefined);
      core.notifications.toasts.addSuccess({
        title: savedTitle,
        'data-test-subj': 'documentSaved',
      });
      onSaved?.();
    } catch (error) {
      // Shown in the editor, once, with its line where the API names one; the draft stays.
      const failure = toSvcError(error, saveAction);
      const message = failure.detail || failure.title;
      setProblem({ message, line: problemLine(message) });
    } finally {
      setSaving(false);
    }
  };

  return {
    value,
    change: setDraft,
    dirty,
    justSaved: saved !== undefined && !dirty,
    loaded,
    saving,
    problem,
    save,
  };
}

/**
 * The frame around an editor: back (asking first when changes are unsaved), title, read-only badge
 * and reason, delete and save, the API's refusal, and the offer to apply a saved change.
 */
export function DocumentEditorFrame<T>({
  document,
  title,
  backLabel,
  readOnlyReason,
  ruleset,
  saveLabel = 'Save',
  savedWhat,
  failedTitle,
  toolbar,
  onClose,
  onDeleteRequest,
  'data-test-subj': testSubj,
  children,
}: {
  document: EditedDocument<T>;
  title: ReactNode;
  backLabel: string;
  /** Set when the document cannot be changed here: why. */
  readOnlyReason?: string;
  ruleset: RulesetApi;
  saveLabel?: string;
  /** "The rules file was saved", for the offer to apply it. */
  savedWhat: string;
  /** "The managed API did not save local_rules.xml". */
  failedTitle: string;
  /** Buttons before delete and save (an export, say). */
  toolbar?: ReactNode;
  onClose(): void;
  /** Offered when the document may be deleted. */
  onDeleteRequest?(): void;
  'data-test-subj': string;
  children: ReactNode;
}) {
  const readOnly = readOnlyReason !== undefined;
  const { confirmLeave, modal } = useUnsavedChanges(document.dirty && !readOnly);
  const { state, reload } = document.loaded;
  return (
    <>
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            iconType="chevronSingleLeft"
            size="s"
            onClick={() => confirmLeave(onClose)}
            data-test-subj={`${testSubj}Close`}
          >
            {backLabel}
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiTitle size="s">
            <h2 data-test-subj={`${testSubj}Title`}>{title}</h2>
          </EuiTitle>
        </EuiFlexItem>
        {readOnly && (
          <EuiFlexItem grow={false}>
            <EuiBadge color="hollow" title={readOnlyReason} data-test-subj={`${testSubj}ReadOnly`}>
              Read-only
            </EuiBadge>
          </EuiFlexItem>
        )}
        {toolbar}
        {!readOnly && onDeleteRequest && (
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              color="danger"
              iconType="trash"
              size="s"
              onClick={onDeleteRequest}
              data-test-subj={`${testSubj}Delete`}
            >
              Delete
            </EuiButtonEmpty>
          </EuiFlexItem>
        )}
        {!readOnly && (
          <EuiFlexItem grow={false}>
            <EuiButton
              fill
              size="s"
              iconType="save"
              isLoading={document.saving}
              isDisabled={!document.dirty || state.status !== 'success'}
              onClick={document.save}
              data-test-subj={`${testSubj}Save`}
            >
              {saveLabel}
            </EuiButton>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {readOnly && (
        <>
          <EuiCallOut
            size="s"
            iconType="lock"
            title={readOnlyReason}
            data-test-subj="readOnlyReason"
          />
          <EuiSpacer size="s" />
        </>
      )}
      {document.problem && (
        <>
          <EuiCallOut
            color="danger"
            iconType="error"
            title={failedTitle}
            data-test-subj={`${testSubj}Error`}
          >
            <p>{document.problem.message}</p>
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      )}
      {document.justSaved && (
        <>
          <ApplyChanges ruleset={ruleset} what={savedWhat} />
          <EuiSpacer size="s" />
        </>
      )}
      {state.status === 'error' && state.data === undefined && !document.justSaved ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : (
        children
      )}
      {modal}
    </>
  );
}
