/**
 * One rules or decoders file in the XML editor. Built-in files and read-only users get it read-only,
 * with the reason. Save sends the file itself; the managed API's refusal is shown in the editor (its
 * line marked) and the text stays as typed, so nothing is lost.
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
import { useCallback, useState } from 'react';
import { useAsync } from '../../hooks/use-async';
import {
  type RulesetApi,
  type RulesetFileKind,
  type RulesetFileRef,
  isCustomFile,
} from '../../services/ruleset-api';
import { toSvcError } from '../../services/svc-error';
import { ErrorPrompt } from '../error-prompt';
import { useSvcServices } from '../services-context';
import { ApplyChanges } from './apply-changes';
import { useUnsavedChanges } from './unsaved-changes';
import { READ_ONLY_REASON } from './use-can-write';
import { type EditorProblem, XmlEditor, problemLine } from './xml-editor';

const NOUN: Record<Exclude<RulesetFileKind, 'lists'>, string> = {
  rules: 'rules file',
  decoders: 'decoders file',
};

export function RulesetFileEditor({
  kind,
  file,
  isNew,
  ruleset,
  canWrite,
  onClose,
  onDeleteRequest,
  onSaved,
}: {
  kind: Exclude<RulesetFileKind, 'lists'>;
  file: RulesetFileRef;
  /** A file not stored yet: saving must not replace one of the same name. */
  isNew: boolean;
  ruleset: RulesetApi;
  canWrite: boolean;
  onClose(): void;
  onDeleteRequest(): void;
  onSaved(): void;
}) {
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      isNew ? Promise.resolve(newFileTemplate(kind)) : ruleset.readFile(kind, file, signal),
    [isNew, kind, ruleset, file],
  );
  const loaded = useAsync(load, `Reading ${file.filename}`, `${kind}:read`);
  const [draft, setDraft] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<EditorProblem>();
  /** The text last saved here, which the stored file now holds. */
  const [savedText, setSavedText] = useState<string>();
  const stored = savedText ?? loaded.state.data;
  const text = draft ?? stored ?? '';
  const dirty = isNew || (draft !== undefined && draft !== stored);
  const builtIn = !isCustomFile(file);
  const readOnly = builtIn || !canWrite;
  const { confirmLeave, modal } = useUnsavedChanges(dirty && !readOnly);
  const path = `${file.relative_dirname}/${file.filename}`;

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      await ruleset.saveFile(kind, file, text, !isNew);
      setSavedText(text);
      core.notifications.toasts.addSuccess({
        title: `Saved ${path}`,
        'data-test-subj': 'rulesetFileSaved',
      });
      onSaved();
    } catch (error) {
      // Shown here, once, with its line: the draft stays in the editor.
      const failure = toSvcError(error, `${kind}:update`);
      const message = failure.detail || failure.title;
      setProblem({ message, line: problemLine(message) });
    } finally {
      setSaving(false);
    }
  };

  const reason = builtIn
    ? 'Built-in ruleset files are read-only: copy what you need into a custom file under etc/.'
    : READ_ONLY_REASON;
  return (
    <>
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            iconType="arrowLeft"
            size="s"
            onClick={() => confirmLeave(onClose)}
            data-test-subj="closeRulesetFile"
          >
            Files
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiTitle size="s">
            <h2 data-test-subj="rulesetFileTitle">{path}</h2>
          </EuiTitle>
        </EuiFlexItem>
        {readOnly && (
          <EuiFlexItem grow={false}>
            <EuiBadge color="hollow" title={reason} data-test-subj="rulesetFileReadOnly">
              Read-only
            </EuiBadge>
          </EuiFlexItem>
        )}
        {!readOnly && !isNew && (
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              color="danger"
              iconType="trash"
              size="s"
              onClick={onDeleteRequest}
              data-test-subj="deleteRulesetFile"
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
              isLoading={saving}
              isDisabled={!dirty || loaded.state.status !== 'success'}
              onClick={save}
              data-test-subj="saveRulesetFile"
            >
              Save
            </EuiButton>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {readOnly && (
        <>
          <EuiCallOut size="s" iconType="lock" title={reason} data-test-subj="readOnlyReason" />
          <EuiSpacer size="s" />
        </>
      )}
      {problem && (
        <>
          <EuiCallOut
            color="danger"
            iconType="error"
            title={`The managed API did not save ${file.filename}`}
            data-test-subj="rulesetFileError"
          >
            <p>{problem.message}</p>
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      )}
      {savedText !== undefined && !dirty && (
        <>
          <ApplyChanges
            ruleset={ruleset}
            canWrite={canWrite}
            what={`The ${NOUN[kind]} was saved`}
          />
          <EuiSpacer size="s" />
        </>
      )}
      {loaded.state.status === 'error' && !stored ? (
        <ErrorPrompt error={loaded.state.error} onRetry={loaded.reload} />
      ) : (
        <XmlEditor
          text={text}
          readOnly={readOnly}
          problem={problem}
          onChange={setDraft}
          data-test-subj="rulesetFileEditor"
        />
      )}
      {modal}
    </>
  );
}

function newFileTemplate(kind: Exclude<RulesetFileKind, 'lists'>): string {
  return kind === 'rules'
    ? '<group name="local,">\n  <rule id="100100" level="5">\n    <if_sid>5716</if_sid>\n    <description>Describe what this rule detects</description>\n  </rule>\n</group>\n'
    : '<decoder name="my-program">\n  <program_name>^my-program</program_name>\n</decoder>\n';
}
