/**
 * One agent's own view (`/app/svc-agents/<id>`): who and where it is, what the user may do to it, and
 * its inventory, SCA results, active configuration, groups and own stats. An agent that never connected has none
 * of those yet, so the view says how to connect it instead.
 */
import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiDescriptionList,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiPanel,
  EuiSpacer,
  EuiTabbedContent,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { onAgent } from '../../../common/rbac-ui-actions';
import { PermittedButton } from '../../components/api-permissions';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate, formatList } from '../../components/format';
import { HOST_URL_PARAM } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import {
  AGENT_STATUS_LABELS,
  MANAGER_AGENT_ID,
  type Agent,
} from '../../services/managed-api-types';
import { deleteAgent, restartAgent, upgradeAgent } from './agent-actions';
import { AgentConfiguration } from './agent-configuration';
import { AgentGroups } from './agent-groups';
import { AgentState } from './agent-state';
import { AgentStats } from './agent-stats';
import { AgentSca } from './agent-sca';
import { AssignGroupModal } from './assign-group-modal';
import { SecurityEventsTab } from './security-events/security-events-tab';
import { useConfirmedAction } from './use-confirmed-action';

const TABS = ['inventory', 'security-events', 'sca', 'configuration', 'groups', 'stats'] as const;
type Tab = (typeof TABS)[number];

/** `Wazuh v4.9.2` → [4, 9, 2], to tell whether the manager runs a newer version. */
function versionParts(version: string | undefined): number[] {
  return (version ?? '').replace(/^\D*/, '').split('.').map(Number);
}

function isOlderVersion(agent: string | undefined, manager: string | undefined): boolean {
  const [a, m] = [versionParts(agent), versionParts(manager)];
  for (let index = 0; index < Math.max(a.length, m.length); index++) {
    const difference = (m[index] ?? 0) - (a[index] ?? 0);
    if (Number.isNaN(difference)) return false;
    if (difference !== 0) return difference > 0;
  }
  return false;
}

export function AgentView({ host, agentId }: { host: ApiHost; agentId: string }) {
  const { api } = useSvcServices();
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [agents, manager] = await Promise.all([
        api.list<Agent>({
          apiHostId: host.id,
          path: '/agents',
          query: { agents_list: agentId },
          signal,
          action: 'agent:read',
        }),
        api.list<Pick<Agent, 'id' | 'version'>>({
          apiHostId: host.id,
          path: '/agents',
          query: { agents_list: MANAGER_AGENT_ID, select: 'version' },
          signal,
          action: 'agent:read',
        }),
      ]);
      return { agent: agents.items[0], managerVersion: manager.items[0]?.version };
    },
    [api, host.id, agentId],
  );
  const { state, reload } = useAsync(load, `Loading agent ${agentId}`, 'agent:read');

  return (
    <>
      <BackToAgents host={host} />
      <EuiSpacer size="s" />
      {state.status === 'error' && <ErrorPrompt error={state.error} onRetry={reload} />}
      {state.status === 'success' && !state.data.agent && (
        <EuiEmptyPrompt
          iconType="search"
          title={<h2>No agent {agentId}</h2>}
          body={<p>It was removed, or the API host {host.id} never had it.</p>}
          data-test-subj="agentNotFound"
        />
      )}
      {state.data?.agent && (
        <AgentDetail
          host={host}
          agent={state.data.agent}
          managerVersion={state.data.managerVersion}
          onChanged={reload}
        />
      )}
    </>
  );
}

function BackToAgents({ host }: { host: ApiHost }) {
  const { history } = useAppUrlState();
  return (
    <EuiButtonEmpty
      iconType="chevronSingleLeft"
      flush="left"
      href={history.createHref({ pathname: '/', search: `?${HOST_URL_PARAM}=${host.id}` })}
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        history.push({ pathname: '/', search: `?${HOST_URL_PARAM}=${host.id}` });
      }}
      data-test-subj="backToAgents"
    >
      All agents
    </EuiButtonEmpty>
  );
}

interface AgentDetailProps {
  host: ApiHost;
  agent: Agent;
  managerVersion?: string;
  onChanged(): void;
}

function AgentDetail({ host, agent, managerVersion, onChanged }: AgentDetailProps) {
  const { params, setParams } = useAppUrlState();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'inventory';
  const tabs = [
    { id: 'inventory', name: 'Inventory', content: <AgentState host={host} agent={agent} /> },
    {
      id: 'security-events',
      name: 'Security events',
      content: <SecurityEventsTab host={host} agentId={agent.id} />,
    },
    { id: 'sca', name: 'SCA', content: <AgentSca host={host} agent={agent} /> },
    {
      id: 'configuration',
      name: 'Configuration',
      content: <AgentConfiguration host={host} agent={agent} />,
    },
    {
      id: 'groups',
      name: 'Groups',
      content: <AgentGroups host={host} agent={agent} onChanged={onChanged} />,
    },
    { id: 'stats', name: 'Stats', content: <AgentStats host={host} agent={agent} /> },
  ];
  return (
    <>
      <AgentHeader
        host={host}
        agent={agent}
        managerVersion={managerVersion}
        onChanged={onChanged}
      />
      <EuiSpacer />
      {agent.status === 'never_connected' ? (
        <NeverConnected host={host} agent={agent} />
      ) : (
        <EuiTabbedContent
          tabs={tabs.map((entry) => ({
            ...entry,
            content: (
              <>
                <EuiSpacer />
                {entry.content}
              </>
            ),
            'data-test-subj': `agentTab-${entry.id}`,
          }))}
          selectedTab={tabs.find((entry) => entry.id === tab)}
          onTabClick={(selected) => setParams({ tab: selected.id }, { push: true })}
          data-test-subj="agentTabs"
        />
      )}
    </>
  );
}

function AgentHeader({ host, agent, managerVersion, onChanged }: AgentDetailProps) {
  const { api, core, palette } = useSvcServices();
  const { history } = useAppUrlState();
  const [assigning, setAssigning] = useState(false);
  const connected = agent.status === 'active';
  const upgradable = connected && isOlderVersion(agent.version, managerVersion);

  const confirmThenAct = useConfirmedAction();
  const act = (
    question: { title: string; text: string; button: string; danger?: boolean },
    run: () => Promise<void>,
    done: string,
  ) =>
    confirmThenAct({ ...question, confirm: question.button }, run, {
      done,
      failure: `${question.button}: agent ${agent.id}`,
    });

  const os = agent.os
    ? [agent.os.name, agent.os.version, agent.os.arch && `(${agent.os.arch})`]
        .filter(Boolean)
        .join(' ')
    : '–';
  return (
    <EuiPanel hasBorder data-test-subj="agentHeader">
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" wrap>
        <EuiFlexItem grow={false}>
          <EuiTitle size="m">
            <h2 data-test-subj="agentTitle">
              {agent.name} <EuiBadge color="hollow">{agent.id}</EuiBadge>
            </h2>
          </EuiTitle>
        </EuiFlexItem>
        {agent.id !== MANAGER_AGENT_ID && (
          <EuiFlexItem grow={false}>
            <EuiFlexGroup gutterSize="s" responsive={false} wrap>
              {connected && (
                <PermittedButton
                  {...onAgent(agent, 'agent:restart')}
                  size="s"
                  iconType="refresh"
                  data-test-subj="agentRestart"
                  onClick={() =>
                    void act(
                      {
                        title: `Restart agent ${agent.id}?`,
                        text: `${agent.name} restarts and reconnects; it does not report while it restarts.`,
                        button: 'Restart',
                      },
                      () => restartAgent(api, host.id, agent.id),
                      `Restart sent to agent ${agent.id}`,
                    ).then((done) => done && onChanged())
                  }
                >
                  Restart
                </PermittedButton>
              )}
              <PermittedButton
                {...onAgent(agent, 'agent:modify_group')}
                size="s"
                iconType="tag"
                data-test-subj="agentChangeGroup"
                onClick={() => setAssigning(true)}
              >
                Change group
              </PermittedButton>
              {upgradable && (
                <PermittedButton
                  {...onAgent(agent, 'agent:upgrade')}
                  size="s"
                  iconType="sortUp"
                  data-test-subj="agentUpgrade"
                  onClick={() =>
                    void act(
                      {
                        title: `Upgrade agent ${agent.id}?`,
                        text: `${agent.name} runs ${agent.version}; it is upgraded to the manager's ${managerVersion} and restarts.`,
                        button: 'Upgrade',
                      },
                      () => upgradeAgent(api, host.id, agent.id),
                      `Upgrade of agent ${agent.id} started`,
                    ).then((done) => done && onChanged())
                  }
                >
                  Upgrade
                </PermittedButton>
              )}
              <PermittedButton
                {...onAgent(agent, 'agent:delete')}
                size="s"
                color="danger"
                iconType="trash"
                data-test-subj="agentRemove"
                onClick={() =>
                  void act(
                    {
                      title: `Remove agent ${agent.id}?`,
                      text: `${agent.name} is removed from the managed API; it must enroll again to report.`,
                      button: 'Remove',
                      danger: true,
                    },
                    () => deleteAgent(api, host.id, agent.id),
                    `Agent ${agent.id} removed`,
                  ).then((done) => {
                    if (done)
                      history.push({ pathname: '/', search: `?${HOST_URL_PARAM}=${host.id}` });
                  })
                }
              >
                Remove
              </PermittedButton>
            </EuiFlexGroup>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      <EuiDescriptionList
        type="responsiveColumn"
        compressed
        columnWidths={[1, 3]}
        data-test-subj="agentFacts"
        listItems={[
          { title: 'ID', description: agent.id },
          { title: 'Name', description: agent.name },
          { title: 'IP', description: agent.ip ?? '–' },
          { title: 'Operating system', description: os },
          { title: 'Agent version', description: agent.version ?? '–' },
          {
            title: 'Status',
            description: (
              <EuiHealth
                color={palette.agentStatus[agent.status] ?? 'subdued'}
                data-test-subj={`agentStatus-${agent.status}`}
              >
                {AGENT_STATUS_LABELS[agent.status] ?? agent.status}
              </EuiHealth>
            ),
          },
          { title: 'Groups', description: formatList(agent.group) },
          { title: 'Registered', description: formatDate(agent.dateAdd) },
          { title: 'Last keep-alive', description: formatDate(agent.lastKeepAlive) },
          { title: 'Node', description: agent.node_name ?? '–' },
        ]}
      />
      {assigning && (
        <AssignGroupModal
          apiHostId={host.id}
          agent={agent}
          onClose={() => setAssigning(false)}
          onAssigned={(group) => {
            core.notifications.toasts.addSuccess({
              title: `Agent ${agent.id} assigned to ${group}`,
              'data-test-subj': 'agentActionDone',
            });
            setAssigning(false);
            onChanged();
          }}
        />
      )}
    </EuiPanel>
  );
}

function NeverConnected({ host, agent }: { host: ApiHost; agent: Agent }) {
  const { history } = useAppUrlState();
  const deploySearch = `?${HOST_URL_PARAM}=${host.id}&deploy=${encodeURIComponent(agent.name)}`;
  return (
    <EuiEmptyPrompt
      iconType="plugs"
      title={<h2>This agent has never connected</h2>}
      body={
        <p>
          It is registered, but no agent has reported under this name yet, so there is no inventory,
          SCA result or configuration to show. Install the agent on the host named{' '}
          <strong>{agent.name}</strong> and enroll it with the manager; it appears here once it
          connects.
        </p>
      }
      actions={
        <EuiButton
          fill
          iconType="plusCircle"
          href={history.createHref({ pathname: '/', search: deploySearch })}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            history.push({ pathname: '/', search: deploySearch });
          }}
          data-test-subj="agentConnectHowTo"
        >
          Show the install commands
        </EuiButton>
      }
      data-test-subj="agentNeverConnected"
    />
  );
}
