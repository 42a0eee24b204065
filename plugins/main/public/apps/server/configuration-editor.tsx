/**
 * The manager's ossec.conf in the XML editor (one node of a cluster at a time). The editor checks the
 * XML as it is typed; Apply sends it, and the managed API either refuses it (its messages listed line
 * by line, the first named line marked, nothing changed) or stores it and runs its check, whose
 * result is listed node by node. Restart is offered once the check passes, and waits for the
 * restarted nodes to answer again. The text the last apply replaced can be brought back.
 */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiConfirmModal,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiProgress,
  EuiSkeletonText,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import type { ConfigurationProblem, NodeValidation } from '../../../common/server-operations';
import { ErrorPrompt } from '../../components/error-prompt';
import { useWritePermissions } from '../../components/ruleset/use-can-write';
import { requiredFor } from '../../../common/rbac-ui-actions';
import { type EditorProblem, XmlEditor } from '../../components/ruleset/xml-editor';
import { xmlSyntaxProblem } from '../../components/ruleset/xml-syntax';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import {
  ConfigurationRefusal,
  ServerOperationsClient,
  type ServerTarget,
} from '../../services/server-operations-client';
import { type RestartState, useRestart } from './use-restart';

type Outcome =
  | { kind: 'refused'; problems: ConfigurationProblem[] }
  | { kind: 'checked'; validation: NodeValidation[] }
  | { kind: 'error'; message: string };

function ProblemList({ problems }: { problems: ConfigurationProblem[] }) {
  return (
    <ul data-test-subj="configurationProblems">
      {problems.map((problem, index) => (
        <li key={index}>
          <code>{problem.node}</code>
          {problem.line !== undefined && ` (line ${problem.line})`}: {problem.message}
        </li>
      ))}
    </ul>
  );
}

function ValidationList({ validation }: { validation: NodeValidation[] }) {
  return (
    <div data-test-subj="configurationValidation">
      {validation.map((node) => (
        <div key={node.node}>
          <EuiHealth color={node.ok ? 'success' : 'danger'}>
            {node.node}:{' '}
            {node.ok ? 'the configuration check passes' : 'the configuration check fails'}
          </EuiHealth>
          {!node.ok && <ProblemList problems={node.problems} />}
        </div>
      ))}
    </div>
  );
}

function RestartProgress({ state }: { state: RestartState }) {
  if (state.phase === 'sending')
    return <EuiProgress size="xs" color="primary" data-test-subj="restartSending" />;
  if (state.phase === 'waiting') {
    const total = state.waitUntil - state.startedAt;
    const elapsed = Math.min(total, state.checkedAt - state.startedAt);
    return (
      <div data-test-subj="restartWaiting" aria-live="polite">
        <EuiProgress value={elapsed} max={total} size="s" />
        <EuiText size="s">
          <p>
            Restarting; waiting for{' '}
            {state.nodes.length > 0 ? state.nodes.join(', ') : 'the manager'} to answer again (
            {Math.round(elapsed / 1000)} s of at most {Math.round(total / 1000)} s).
          </p>
          {state.latest
            .filter((node) => !node.ready)
            .map((node) => (
              <p key={node.node}>
                {node.node}: {node.detail ?? 'no answer yet'}
              </p>
            ))}
        </EuiText>
      </div>
    );
  }
  if (state.phase === 'done')
    return (
      <EuiCallOut
        color="success"
        iconType="check"
        title="The restart is over: the manager answers again"
        data-test-subj="restartDone"
      />
    );
  if (state.phase === 'failed')
    return (
      <EuiCallOut
        color="danger"
        title="The restart did not complete"
        data-test-subj="restartFailed"
      >
        {state.message}
      </EuiCallOut>
    );
  return null;
}

export function ConfigurationEditor({
  host,
  node,
  clustered,
}: {
  host: ApiHost;
  /** The node whose file is edited; undefined for a manager that runs alone. */
  node?: string;
  clustered: boolean;
}) {
  const { core } = useSvcServices();
  const client = useMemo(() => new ServerOperationsClient(core.http), [core.http]);
  const permitted = useWritePermissions();
  const writing = permitted(requiredFor({ kind: 'serverConfiguration', node }));
  const canWrite = writing.allowed;
  const restarting = permitted(requiredFor({ kind: 'serverRestart', cluster: clustered }));
  const target: ServerTarget = useMemo(() => ({ apiHostId: host.id, node }), [host.id, node]);
  const load = useCallback((signal: AbortSignal) => client.file(target, signal), [client, target]);
  const { state, reload } = useAsync(load, 'Reading ossec.conf', 'manager:read');
  const [edit, setEdit] = useState<{ base: string; text: string }>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [applying, setApplying] = useState(false);
  const [confirming, setConfirming] = useState<ServerTarget>();
  const restart = useRestart(client, host.id, clustered);

  const file = state.data;
  // An edit belongs to the file it started from: another node or a reload starts afresh.
  const text = edit && file && edit.base === file.hash ? edit.text : (file?.text ?? '');
  const dirty = file !== undefined && text !== file.text;
  const syntax = xmlSyntaxProblem(text);
  const refusedLine =
    outcome?.kind === 'refused' ? outcome.problems.find((p) => p.line) : undefined;
  const problem: EditorProblem | undefined =
    syntax ?? (refusedLine && { message: refusedLine.message, line: refusedLine.line });
  const checkPassed =
    outcome?.kind === 'checked' && outcome.validation.every((entry) => entry.ok) && !dirty;
  const where = node ?? 'the manager';

  const apply = async () => {
    if (!file) return;
    setApplying(true);
    restart.reset();
    try {
      const result = await client.apply(target, text, file.hash);
      setOutcome({ kind: 'checked', validation: result.validation });
      setEdit(undefined);
      reload();
    } catch (error) {
      setOutcome(
        error instanceof ConfigurationRefusal
          ? { kind: 'refused', problems: error.problems }
          : { kind: 'error', message: (error as Error).message },
      );
    } finally {
      setApplying(false);
    }
  };

  if (state.status === 'error') return <ErrorPrompt error={state.error} onRetry={reload} />;
  if (!file) return <EuiSkeletonText lines={10} />;
  const busy = applying || restart.state.phase === 'sending' || restart.state.phase === 'waiting';
  return (
    <>
      <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false} wrap>
        <EuiFlexItem>
          <EuiText size="s">
            <p>
              <strong>ossec.conf</strong> of <strong>{where}</strong>
              {writing.reason && ` — ${writing.reason}`}
            </p>
          </EuiText>
        </EuiFlexItem>
        {file.lastApplied && canWrite && (
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              size="s"
              iconType="undo"
              title={`Applied by ${file.lastApplied.appliedBy} at ${file.lastApplied.appliedAt}`}
              onClick={() => setEdit({ base: file.hash, text: file.lastApplied!.previousText })}
              data-test-subj="configurationRestorePrevious"
            >
              Restore the text before the last apply
            </EuiButtonEmpty>
          </EuiFlexItem>
        )}
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            isDisabled={!dirty || busy}
            onClick={() => setEdit(undefined)}
            data-test-subj="configurationDiscard"
          >
            Discard changes
          </EuiButtonEmpty>
        </EuiFlexItem>
        {canWrite && (
          <EuiFlexItem grow={false}>
            <EuiButton
              size="s"
              fill
              iconType={syntax ? 'warning' : 'save'}
              isDisabled={!dirty || syntax !== undefined || busy}
              isLoading={applying}
              onClick={() => void apply()}
              data-test-subj="configurationApply"
            >
              {syntax ? 'XML format error' : 'Apply'}
            </EuiButton>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <XmlEditor
        text={text}
        readOnly={!canWrite || busy}
        problem={problem}
        onChange={(value) => setEdit({ base: file.hash, text: value })}
        height="55vh"
        data-test-subj="ossecConfEditor"
      />
      <EuiSpacer size="s" />
      {syntax && (
        <EuiCallOut
          color="warning"
          size="s"
          title={syntax.message}
          data-test-subj="configurationSyntax"
        />
      )}
      {outcome?.kind === 'refused' && (
        <EuiCallOut
          color="danger"
          title="The managed API refused this configuration: the file in use did not change"
          data-test-subj="configurationRefused"
        >
          <ProblemList problems={outcome.problems} />
        </EuiCallOut>
      )}
      {outcome?.kind === 'error' && (
        <EuiCallOut
          color="danger"
          title="The configuration was not applied"
          data-test-subj="configurationError"
        >
          {outcome.message}
        </EuiCallOut>
      )}
      {outcome?.kind === 'checked' && (
        <EuiCallOut
          color={checkPassed ? 'success' : 'warning'}
          title={`Applied to ${where}; the managed API's check:`}
          data-test-subj="configurationApplied"
        >
          <ValidationList validation={outcome.validation} />
          {checkPassed && canWrite && !restarting.allowed && (
            <EuiText size="s" color="subdued" data-test-subj="configurationRestartReason">
              <p>Restart: {restarting.reason}</p>
            </EuiText>
          )}
          {checkPassed && canWrite && restarting.allowed && (
            <EuiFlexGroup gutterSize="s" responsive={false}>
              <EuiFlexItem grow={false}>
                <EuiButton
                  size="s"
                  iconType="refresh"
                  isDisabled={busy}
                  onClick={() => setConfirming(target)}
                  data-test-subj="configurationRestart"
                >
                  Restart {where} to use it
                </EuiButton>
              </EuiFlexItem>
              {clustered && (
                <EuiFlexItem grow={false}>
                  <EuiButton
                    size="s"
                    iconType="refresh"
                    isDisabled={busy}
                    onClick={() => setConfirming({ apiHostId: host.id, cluster: true })}
                    data-test-subj="configurationRestartCluster"
                  >
                    Restart every node
                  </EuiButton>
                </EuiFlexItem>
              )}
            </EuiFlexGroup>
          )}
        </EuiCallOut>
      )}
      <EuiSpacer size="s" />
      <RestartProgress state={restart.state} />
      {confirming && (
        <EuiConfirmModal
          title={confirming.cluster ? 'Restart every node of the cluster?' : `Restart ${where}?`}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => {
            setConfirming(undefined);
            void restart.restart(confirming);
          }}
          cancelButtonText="Cancel"
          confirmButtonText="Restart"
          defaultFocusedButton="cancel"
          data-test-subj="configurationRestartConfirm"
        >
          Its daemons stop for a while: events received meanwhile wait in the agents' buffers.
        </EuiConfirmModal>
      )}
    </>
  );
}
