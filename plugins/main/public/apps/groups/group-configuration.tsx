/** A group's shared configuration (`agent.conf`) in the XML editor, saved as `application/xml`. */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import { ApplyChanges } from '../../components/ruleset/apply-changes';
import { useUnsavedChanges } from '../../components/ruleset/unsaved-changes';
import { READ_ONLY_REASON } from '../../components/ruleset/use-can-write';
import { type EditorProblem, XmlEditor, problemLine } from '../../components/ruleset/xml-editor';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { RulesetApi } from '../../services/ruleset-api';
import { toSvcError } from '../../services/svc-error';

export function GroupConfiguration({
  group,
  ruleset,
  canWrite,
  onClose,
}: {
  group: string;
  ruleset: RulesetApi;
  canWrite: boolean;
  onClose(): void;
}) {
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) => ruleset.readGroupConfiguration(group, signal),
    [ruleset, group],
  );
  const loaded = useAsync(load, `Reading the configuration of ${group}`, 'group:read');
  const [draft, setDraft] = useState<string>();
  const [savedText, setSavedText] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<EditorProblem>();
  const stored = savedText ?? loaded.state.data;
  const text = draft ?? stored ?? '';
  const dirty = draft !== undefined && draft !== stored;
  const { confirmLeave, modal } = useUnsavedChanges(dirty && canWrite);

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      await ruleset.saveGroupConfiguration(group, text);
      setSavedText(text);
      core.notifications.toasts.addSuccess({
        title: `Saved the configuration of ${group}`,
        'data-test-subj': 'groupConfigurationSaved',
      });
    } catch (error) {
      const failure = toSvcError(error, 'group:update_config');
      const message = failure.detail || failure.title;
      setProblem({ message, line: problemLine(message) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            iconType="arrowLeft"
            size="s"
            onClick={() => confirmLeave(onClose)}
            data-test-subj="closeGroup"
          >
            Groups
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiTitle size="s">
            <h2 data-test-subj="groupTitle">{group}: agent.conf</h2>
          </EuiTitle>
        </EuiFlexItem>
        {canWrite && (
          <EuiFlexItem grow={false}>
            <EuiButton
              fill
              size="s"
              iconType="save"
              isLoading={saving}
              isDisabled={!dirty}
              onClick={save}
              data-test-subj="saveGroupConfiguration"
            >
              Save
            </EuiButton>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {!canWrite && (
        <>
          <EuiCallOut size="s" iconType="lock" title={READ_ONLY_REASON} />
          <EuiSpacer size="s" />
        </>
      )}
      {problem && (
        <>
          <EuiCallOut
            color="danger"
            iconType="error"
            title={`The managed API did not save the configuration of ${group}`}
            data-test-subj="groupConfigurationError"
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
            what="The group configuration was saved"
          />
          <EuiSpacer size="s" />
        </>
      )}
      {loaded.state.status === 'error' && !stored ? (
        <ErrorPrompt error={loaded.state.error} onRetry={loaded.reload} />
      ) : (
        <XmlEditor
          text={text}
          readOnly={!canWrite}
          problem={problem}
          onChange={setDraft}
          data-test-subj="groupConfigurationEditor"
        />
      )}
      {modal}
    </>
  );
}
