/**
 * One group: its agents (added and removed with the agents' bulk actions) and its shared
 * configuration (`agent.conf`) in the XML editor, saved as `application/xml`. The tab is in the URL.
 */
import { EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { DocumentEditorFrame, useEditedDocument } from '../../components/ruleset/document-editor';
import type { PermissionVerdict } from '../../components/api-permissions';
import { XmlEditor } from '../../components/ruleset/xml-editor';
import type { RulesetApi } from '../../services/ruleset-api';
import { GroupAgents } from './group-agents';

/** The group every agent belongs to when it has no other: the managed API never deletes it. */
export const DEFAULT_GROUP = 'default';

const TABS = [
  { id: 'agents', name: 'Agents' },
  { id: 'configuration', name: 'Configuration (agent.conf)' },
] as const;

export function GroupView({
  host,
  group,
  ruleset,
  canWrite,
  configuring,
  onClose,
  onDeleteRequest,
}: {
  host: ApiHost;
  group: string;
  ruleset: RulesetApi;
  canWrite: boolean;
  /** Whether the user may save the group's agent.conf. */
  configuring: PermissionVerdict;
  onClose(): void;
  /** Absent when the user may not delete the group. */
  onDeleteRequest?(): void;
}) {
  const { params, setParams } = useAppUrlState();
  const tab = params.get('groupTab') === 'configuration' ? 'configuration' : 'agents';
  const load = useCallback(
    (signal: AbortSignal) => ruleset.readGroupConfiguration(group, signal),
    [ruleset, group],
  );
  const document = useEditedDocument({
    load,
    what: `Reading the configuration of ${group}`,
    action: 'group:read',
    empty: '',
    persist: (text) => ruleset.saveGroupConfiguration(group, text),
    saveAction: 'group:update_config',
    savedTitle: `Saved the configuration of ${group}`,
  });
  return (
    <DocumentEditorFrame
      document={document}
      title={group}
      backLabel="Groups"
      readOnlyReason={configuring.reason}
      ruleset={ruleset}
      saveLabel="Save agent.conf"
      savedWhat="The group configuration was saved"
      failedTitle={`The managed API did not save the configuration of ${group}`}
      onClose={onClose}
      onDeleteRequest={group === DEFAULT_GROUP ? undefined : onDeleteRequest}
      data-test-subj="group"
    >
      <EuiTabs size="s">
        {TABS.map(({ id, name }) => (
          <EuiTab
            key={id}
            isSelected={tab === id}
            onClick={() => setParams({ groupTab: id === 'agents' ? undefined : id })}
            data-test-subj={`groupTab-${id}`}
          >
            {name}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer size="m" />
      {tab === 'agents' ? (
        <GroupAgents host={host} group={group} canWrite={canWrite} />
      ) : (
        <XmlEditor
          text={document.value}
          readOnly={!configuring.allowed}
          problem={document.problem}
          onChange={document.change}
          data-test-subj="groupConfigurationEditor"
        />
      )}
    </DocumentEditorFrame>
  );
}
