/**
 * After a change to rules, decoders, lists or a group's configuration: validate the manager's
 * configuration and restart the manager (confirmed; dashboard admins whose API policies allow it),
 * then say when it is back.
 */
import {
  EuiCallOut,
  EuiConfirmModal,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingSpinner,
  EuiText,
} from '@elastic/eui';
import { useEffect, useState } from 'react';
import type { RulesetApi } from '../../services/ruleset-api';
import { toSvcError } from '../../services/svc-error';
import { requiredFor } from '../../../common/rbac-ui-actions';
import { PermittedButton, VerdictButton } from '../api-permissions';
import { useSvcServices } from '../services-context';
import { useWritePermissions } from './use-can-write';

/** How often and how long the manager's status is asked while it restarts. */
const POLL_INTERVAL_MS = 2000;
const POLL_LIMIT_MS = 120_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'validating' }
  | { kind: 'valid' }
  | { kind: 'confirm' }
  | { kind: 'restarting' }
  | { kind: 'back' }
  | { kind: 'failed'; message: string };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function waitUntilUp(ruleset: RulesetApi, signal: AbortSignal): Promise<boolean> {
  const started = Date.now();
  while (!signal.aborted && Date.now() - started < POLL_LIMIT_MS) {
    await sleep(POLL_INTERVAL_MS, signal);
    // While the daemons restart the API answers with an error: that only means "not yet".
    if (await ruleset.managerIsUp(signal).catch(() => false)) return true;
  }
  return false;
}

export function ApplyChanges({
  ruleset,
  what,
}: {
  ruleset: RulesetApi;
  /** What changed, for the message: "The rules file was saved". */
  what: string;
}) {
  const { core } = useSvcServices();
  const restarting = useWritePermissions()(requiredFor({ kind: 'serverRestart', cluster: false }));
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [controller] = useState(() => new AbortController());
  useEffect(() => () => controller.abort(), [controller]);

  const fail = (error: unknown) =>
    setPhase({ kind: 'failed', message: toSvcError(error).detail || toSvcError(error).title });

  const validate = async () => {
    setPhase({ kind: 'validating' });
    try {
      await ruleset.validate();
      setPhase({ kind: 'valid' });
    } catch (error) {
      fail(error);
    }
  };

  const restart = async () => {
    setPhase({ kind: 'restarting' });
    try {
      await ruleset.restart();
    } catch (error) {
      fail(error);
      return;
    }
    if (await waitUntilUp(ruleset, controller.signal)) {
      setPhase({ kind: 'back' });
      core.notifications.toasts.addSuccess({
        title: 'The manager is back: the changes are applied',
        'data-test-subj': 'managerBackToast',
      });
    } else if (!controller.signal.aborted)
      setPhase({
        kind: 'failed',
        message: `The manager did not come back within ${POLL_LIMIT_MS / 1000} s; check its status on the Server page.`,
      });
  };

  const busy = phase.kind === 'validating' || phase.kind === 'restarting';
  const status =
    phase.kind === 'valid'
      ? 'The configuration is valid.'
      : phase.kind === 'restarting'
        ? 'Restarting the manager…'
        : phase.kind === 'back'
          ? 'The manager is back: the changes are applied.'
          : undefined;
  return (
    <EuiCallOut
      title={`${what}. The manager applies it after a restart.`}
      color={phase.kind === 'failed' ? 'danger' : phase.kind === 'back' ? 'success' : 'primary'}
      iconType="refresh"
      size="s"
      data-test-subj="applyChanges"
    >
      {phase.kind === 'failed' && (
        <EuiText size="s" color="danger" data-test-subj="applyChangesError">
          <p>{phase.message}</p>
        </EuiText>
      )}
      {status && (
        <EuiText size="s" data-test-subj="applyChangesStatus">
          <p>{status}</p>
        </EuiText>
      )}
      <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
        <EuiFlexItem grow={false}>
          <PermittedButton
            size="s"
            required={requiredFor({ kind: 'serverValidation' })}
            onClick={validate}
            disabled={busy}
            data-test-subj="validateConfiguration"
          >
            Validate configuration
          </PermittedButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <VerdictButton
            size="s"
            color="warning"
            verdict={restarting}
            onClick={() => setPhase({ kind: 'confirm' })}
            disabled={busy}
            data-test-subj="restartManager"
          >
            Restart manager
          </VerdictButton>
        </EuiFlexItem>
        {busy && (
          <EuiFlexItem grow={false}>
            <EuiLoadingSpinner size="m" />
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      {phase.kind === 'confirm' && (
        <EuiConfirmModal
          title="Restart the manager?"
          cancelButtonText="Cancel"
          confirmButtonText="Restart"
          buttonColor="warning"
          data-test-subj="confirmRestartModal"
          onCancel={() => setPhase({ kind: 'idle' })}
          onConfirm={restart}
        >
          <p>
            The manager stops analysing events while it restarts (usually a few seconds). Agents
            reconnect by themselves.
          </p>
        </EuiConfirmModal>
      )}
    </EuiCallOut>
  );
}
