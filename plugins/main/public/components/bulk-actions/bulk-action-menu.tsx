/**
 * The menu of actions on selected agents: pick an action, confirm it (naming how many agents, and the
 * group where one is needed), then see per agent what was done, refused or skipped. Any view that
 * selects agents uses it with an `AgentSelection` (see services/agent-bulk-actions).
 */
import {
  EuiButton,
  EuiCallOut,
  EuiConfirmModal,
  EuiContextMenuItem,
  EuiContextMenuPanel,
  EuiFormRow,
  EuiPopover,
  EuiSelect,
  EuiText,
} from '@elastic/eui';
import { useEffect, useState } from 'react';
import type { RequiredPermission } from '../../../common/rbac-permissions';
import { requiredFor } from '../../../common/rbac-ui-actions';
import {
  BULK_ACTIONS,
  type AgentSelection,
  type BulkActionId,
  type BulkOutcome,
  agentCount,
  runBulkAction,
  selectionCount,
} from '../../services/agent-bulk-actions';
import { usePermission } from '../api-permissions';
import { useSvcServices } from '../services-context';

const AGENT_ACTION = { restart: 'restart', upgrade: 'upgrade', remove: 'delete' } as const;

/** What the API checks for a bulk action (with the group once it is known). */
function bulkRequired(action: BulkActionId, group: string | undefined): RequiredPermission[] {
  return action === 'assignGroup' || action === 'removeGroup'
    ? requiredFor({ kind: 'agentsGroup', group })
    : requiredFor({ kind: 'agents', action: AGENT_ACTION[action] });
}

const ALL_ACTIONS: BulkActionId[] = ['restart', 'assignGroup', 'removeGroup', 'upgrade', 'remove'];

export interface BulkActionMenuProps {
  apiHostId: string;
  selection: AgentSelection | undefined;
  actions?: BulkActionId[];
  /** A group the group actions use without asking (a group's own agent list). */
  group?: string;
  onDone(outcome: BulkOutcome): void;
}

export function BulkActionMenu({
  apiHostId,
  selection,
  actions = ALL_ACTIONS,
  group,
  onDone,
}: BulkActionMenuProps) {
  const { api, errors } = useSvcServices();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<BulkActionId>();
  const [running, setRunning] = useState(false);
  const count = selection ? selectionCount(selection) : 0;

  const run = async (action: BulkActionId, chosenGroup: string | undefined) => {
    if (!selection) return;
    setRunning(true);
    try {
      onDone(await runBulkAction(api, apiHostId, action, selection, { group: chosenGroup }));
    } catch (error) {
      errors.report(error, `${BULK_ACTIONS[action].label}: ${agentCount(count)}`, {
        action: BULK_ACTIONS[action].permission,
      });
    } finally {
      setRunning(false);
      setPending(undefined);
    }
  };

  return (
    <>
      <EuiPopover
        isOpen={open}
        closePopover={() => setOpen(false)}
        panelPaddingSize="none"
        anchorPosition="downLeft"
        button={
          <EuiButton
            iconType="chevronSingleDown"
            iconSide="right"
            isDisabled={count === 0}
            isLoading={running}
            onClick={() => setOpen(!open)}
            data-test-subj="bulkActionsButton"
          >
            {count === 0 ? 'Actions' : `Actions on ${agentCount(count)}`}
          </EuiButton>
        }
      >
        <EuiContextMenuPanel
          items={actions.map((id) => (
            <BulkActionItem
              key={id}
              action={id}
              group={group}
              onPick={() => {
                setOpen(false);
                setPending(id);
              }}
            />
          ))}
          data-test-subj="bulkActionsMenu"
        />
      </EuiPopover>
      {pending && (
        <BulkActionConfirm
          apiHostId={apiHostId}
          action={pending}
          count={count}
          group={group}
          running={running}
          onCancel={() => setPending(undefined)}
          onConfirm={(chosenGroup) => void run(pending, chosenGroup)}
        />
      )}
    </>
  );
}

/** A menu entry, disabled with the missing permission named when the user may not use it. */
function BulkActionItem({
  action,
  group,
  onPick,
}: {
  action: BulkActionId;
  group: string | undefined;
  onPick(): void;
}) {
  const verdict = usePermission(bulkRequired(action, group));
  return (
    <EuiContextMenuItem
      icon={action === 'remove' ? 'trash' : undefined}
      disabled={!verdict.allowed}
      toolTipContent={verdict.reason}
      onClick={onPick}
      data-test-subj={`bulkAction-${action}`}
    >
      {BULK_ACTIONS[action].label}
    </EuiContextMenuItem>
  );
}

function BulkActionConfirm({
  apiHostId,
  action,
  count,
  group,
  running,
  onCancel,
  onConfirm,
}: {
  apiHostId: string;
  action: BulkActionId;
  count: number;
  group?: string;
  running: boolean;
  onCancel(): void;
  onConfirm(group: string | undefined): void;
}) {
  const { api } = useSvcServices();
  const definition = BULK_ACTIONS[action];
  const askGroup = definition.needsGroup && !group;
  const [groups, setGroups] = useState<string[]>([]);
  const [chosen, setChosen] = useState(group ?? '');

  useEffect(() => {
    if (!askGroup) return;
    const controller = new AbortController();
    api
      .list<{ name: string }>({
        apiHostId,
        path: '/groups',
        query: { limit: 500, select: 'name' },
        signal: controller.signal,
        action: 'group:read',
      })
      .then(
        (page) => {
          const names = page.items.map((item) => item.name);
          setGroups(names);
          setChosen((current) => current || names[0] || '');
        },
        () => setGroups([]),
      );
    return () => controller.abort();
  }, [api, apiHostId, askGroup]);

  const verdict = usePermission(bulkRequired(action, chosen || undefined));
  const target = agentCount(count);
  return (
    <EuiConfirmModal
      title={`${definition.label}: ${target}?`}
      onCancel={onCancel}
      onConfirm={() => onConfirm(chosen || undefined)}
      cancelButtonText="Cancel"
      confirmButtonText={`${definition.label} ${target}`}
      confirmButtonDisabled={(definition.needsGroup && !chosen) || !verdict.allowed}
      isLoading={running}
      buttonColor={action === 'remove' ? 'danger' : 'primary'}
      // Enter confirms an action that can be undone; removing agents takes a deliberate click or Tab.
      defaultFocusedButton={action === 'remove' ? undefined : 'confirm'}
      data-test-subj="bulkActionConfirm"
    >
      {askGroup && (
        <EuiFormRow label="Group">
          <EuiSelect
            options={groups.map((name) => ({ value: name, text: name }))}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            data-test-subj="bulkActionGroup"
          />
        </EuiFormRow>
      )}
      {!verdict.allowed && (
        <EuiText size="s" color="danger" data-test-subj="bulkActionConfirmReason">
          <p>{verdict.reason}</p>
        </EuiText>
      )}
      <EuiText size="s">
        <p>
          {action === 'remove'
            ? `${target} will be removed from the managed API; each must enroll again to report.`
            : `The action is sent to ${target}.`}
          {definition.needsConnection
            ? ' Agents that are not connected are skipped and listed.'
            : ''}
        </p>
      </EuiText>
    </EuiConfirmModal>
  );
}

/** What a bulk action did, per agent: refused ones with the API's message, skipped ones with the reason. */
export function BulkOutcomeCallout({
  outcome,
  onDismiss,
}: {
  outcome: BulkOutcome;
  onDismiss(): void;
}) {
  const definition = BULK_ACTIONS[outcome.action];
  const problems = outcome.failed.length + outcome.skipped.length;
  return (
    <EuiCallOut
      title={`${definition.label}: ${agentCount(outcome.done.length)} ${definition.done}${
        problems > 0 ? `, ${outcome.failed.length} refused, ${outcome.skipped.length} skipped` : ''
      }`}
      color={problems === 0 ? 'success' : outcome.done.length === 0 ? 'danger' : 'warning'}
      iconType={problems === 0 ? 'check' : 'warning'}
      onDismiss={onDismiss}
      data-test-subj="bulkOutcome"
    >
      {problems > 0 && (
        <ul data-test-subj="bulkOutcomeItems">
          {outcome.failed.map((failure) => (
            <li key={`failed-${failure.id}`} data-test-subj="bulkOutcomeFailed">
              Agent {failure.id}: {failure.message}
            </li>
          ))}
          {outcome.skipped.map((skip) => (
            <li key={`skipped-${skip.id}`} data-test-subj="bulkOutcomeSkipped">
              Agent {skip.id}: skipped, {skip.reason}
            </li>
          ))}
        </ul>
      )}
    </EuiCallOut>
  );
}
