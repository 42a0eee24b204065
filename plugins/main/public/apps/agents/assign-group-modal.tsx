import {
  EuiButton,
  EuiButtonEmpty,
  EuiComboBox,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiText,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent } from '../../services/managed-api-types';
import { assignGroup } from './agent-actions';

/** Picks a group and, on confirmation, adds the agent to it. */
export function AssignGroupModal({
  apiHostId,
  agent,
  onClose,
  onAssigned,
}: {
  apiHostId: string;
  agent: Agent;
  onClose(): void;
  onAssigned(group: string): void;
}) {
  const { api, errors } = useSvcServices();
  const [group, setGroup] = useState<string>();
  const [saving, setSaving] = useState(false);
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<{ name: string }>({
        apiHostId,
        path: '/groups',
        query: { limit: 500, sort: '+name' },
        signal,
        action: 'group:read',
      }),
    [api, apiHostId],
  );
  const { state } = useAsync(load, 'Loading groups', 'group:read');
  const options = (state.data?.items ?? []).map((entry) => ({
    label: entry.name,
    disabled: agent.group?.includes(entry.name),
  }));

  const confirm = async () => {
    if (!group) return;
    setSaving(true);
    try {
      await assignGroup(api, apiHostId, agent.id, group);
      onAssigned(group);
    } catch (error) {
      errors.report(error, `Assigning agent ${agent.id} to group ${group}`, {
        action: 'agent:modify_group',
      });
      setSaving(false);
    }
  };

  return (
    <EuiModal onClose={onClose} data-test-subj="assignGroupModal">
      <EuiModalHeader>
        <EuiModalHeaderTitle>Assign agent {agent.id} to a group</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiText size="s">
          <p>
            {agent.name} is in {agent.group?.length ? agent.group.join(', ') : 'no group'}. The
            agent keeps its other groups.
          </p>
        </EuiText>
        <EuiFormRow label="Group">
          <EuiComboBox
            singleSelection={{ asPlainText: true }}
            isLoading={state.status === 'loading'}
            options={options}
            selectedOptions={group ? [{ label: group }] : []}
            onChange={(selected) => setGroup(selected[0]?.label)}
            data-test-subj="assignGroupSelect"
          />
        </EuiFormRow>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onClose}>Cancel</EuiButtonEmpty>
        <EuiButton
          fill
          isDisabled={!group}
          isLoading={saving}
          onClick={() => void confirm()}
          data-test-subj="assignGroupConfirm"
        >
          Assign to {group ?? 'group'}
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
