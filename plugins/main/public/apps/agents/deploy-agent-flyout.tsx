/**
 * Deploy a new agent: choose the system and architecture, the manager address (`svc.enrollment.address`
 * when set, else the API host's URL; editable), an optional name and group; copy the install-and-enroll
 * commands, with the enrollment password when the manager asks for one; then watch the new agent
 * enroll and connect. Registering an agent by name and IP stays as the advanced option.
 */
import {
  EuiButtonEmpty,
  EuiButtonGroup,
  EuiCallOut,
  EuiCodeBlock,
  EuiFieldText,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutFooter,
  EuiFlyoutHeader,
  EuiForm,
  EuiFormRow,
  EuiHealth,
  EuiLoadingSpinner,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useEffect, useId, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import type { EnrollmentSettings } from '../../../common/server-operations';
import { AgentLink } from '../../components/agent-link';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { MANAGER_AGENT_ID } from '../../services/managed-api-types';
import { ServerOperationsClient } from '../../services/server-operations-client';
import type { Agent } from '../../services/managed-api-types';
import {
  DEPLOY_TARGETS,
  type DeployChoice,
  type DeploySystem,
  deployCommands,
  deployProblems,
  packageVersion,
} from './deploy-commands';

/** How often the flow asks whether the new agent appeared or connected. */
const POLL_INTERVAL_MS = 3000;

function managerAddressOf(host: ApiHost): string {
  try {
    return new URL(host.url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

interface Baseline {
  managerVersion?: string;
  enrollment: EnrollmentSettings;
  /** Highest agent number before the flow opened: anything above it is new. */
  lastId: number;
}

type NewAgent = Pick<Agent, 'id' | 'name' | 'status'>;

function useNewAgent(host: ApiHost, baseline: Baseline | undefined, name: string) {
  const { api } = useSvcServices();
  const key = `${baseline?.lastId}/${name}`;
  const [found, setFound] = useState<{ key: string; agent: NewAgent }>();
  useEffect(() => {
    if (!baseline) return;
    const controller = new AbortController();
    const check = async () => {
      const q = [`id>${baseline.lastId}`, ...(name ? [`name=${name}`] : [])].join(';');
      try {
        const page = await api.list<NewAgent>({
          apiHostId: host.id,
          path: '/agents',
          query: { q, sort: '+id', limit: 1, select: 'id,name,status' },
          signal: controller.signal,
          action: 'agent:read',
        });
        if (page.items[0]) setFound({ key, agent: page.items[0] });
        if (page.items[0]?.status === 'active') clearInterval(timer);
      } catch {
        // A failed check is retried at the next tick; the flow keeps waiting.
      }
    };
    const timer = setInterval(() => void check(), POLL_INTERVAL_MS);
    void check();
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [api, host.id, baseline, name, key]);
  return found?.key === key ? found.agent : undefined;
}

export function DeployAgentFlyout({
  host,
  initialName = '',
  onClose,
  onAddByName,
}: {
  host: ApiHost;
  initialName?: string;
  onClose(): void;
  onAddByName(): void;
}) {
  const { api, core } = useSvcServices();
  const titleId = useId();
  const [system, setSystem] = useState<DeploySystem>('deb');
  const [architecture, setArchitecture] = useState('amd64');
  // Undefined until edited: the configured enrollment address, or the API host's, is the default.
  const [editedAddress, setManagerAddress] = useState<string>();
  const [agentName, setAgentName] = useState(initialName);
  const [group, setGroup] = useState('');

  const load = useCallback(
    async (signal: AbortSignal): Promise<Baseline> => {
      const [manager, newest, enrollment] = await Promise.all([
        api.list<Pick<Agent, 'version'>>({
          apiHostId: host.id,
          path: '/agents',
          query: { agents_list: MANAGER_AGENT_ID, select: 'version' },
          signal,
          action: 'agent:read',
        }),
        api.list<Pick<Agent, 'id'>>({
          apiHostId: host.id,
          path: '/agents',
          query: { sort: '-id', limit: 1, select: 'id' },
          signal,
          action: 'agent:read',
        }),
        // A user who may not read the manager's configuration still gets the commands, without a password.
        new ServerOperationsClient(core.http)
          .enrollment(host.id, signal)
          .catch((): EnrollmentSettings => ({ passwordRequired: false })),
      ]);
      return {
        managerVersion: manager.items[0]?.version,
        enrollment,
        lastId: Number(newest.items[0]?.id ?? 0),
      };
    },
    [api, core.http, host.id],
  );
  const { state } = useAsync(load, 'Preparing the agent deployment', 'agent:read');
  const enrollment = state.data?.enrollment;
  const managerAddress = editedAddress ?? enrollment?.address ?? managerAddressOf(host);
  const version = packageVersion(state.data?.managerVersion);
  const target = DEPLOY_TARGETS.find((entry) => entry.id === system) ?? DEPLOY_TARGETS[0];
  const choice: DeployChoice = {
    system,
    architecture,
    managerAddress: managerAddress.trim(),
    agentName: agentName.trim(),
    group: group.trim(),
    version: version ?? '',
    password: enrollment?.password,
  };
  const problems = deployProblems(choice);
  const ready = Object.keys(problems).length === 0 && version !== undefined;
  const commands = ready ? deployCommands(choice) : undefined;
  const newAgent = useNewAgent(host, state.data, ready ? (choice.agentName ?? '') : '');

  return (
    <EuiFlyout onClose={onClose} size="m" aria-labelledby={titleId} data-test-subj="deployAgent">
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id={titleId}>Deploy a new agent</h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiForm component="form" onSubmit={(event) => event.preventDefault()}>
          <EuiFormRow label="Operating system" fullWidth>
            <EuiButtonGroup
              legend="Operating system"
              options={DEPLOY_TARGETS.map((entry) => ({
                id: entry.id,
                label: entry.label,
                'data-test-subj': `deploySystem-${entry.id}`,
              }))}
              idSelected={system}
              onChange={(id) => {
                const next = DEPLOY_TARGETS.find((entry) => entry.id === id) ?? DEPLOY_TARGETS[0];
                setSystem(next.id);
                setArchitecture(next.architectures[0].id);
              }}
            />
          </EuiFormRow>
          <EuiFormRow label="Architecture" fullWidth>
            <EuiButtonGroup
              legend="Architecture"
              options={target.architectures.map((entry) => ({
                id: entry.id,
                label: entry.label,
                'data-test-subj': `deployArchitecture-${entry.id}`,
              }))}
              idSelected={architecture}
              onChange={setArchitecture}
            />
          </EuiFormRow>
          <DeployTextField
            name="managerAddress"
            label="Manager address"
            help={
              enrollment?.address
                ? 'Where the agent enrolls and reports; the configured enrollment address'
                : "Where the agent enrolls and reports; taken from the API host's address"
            }
            value={managerAddress}
            problem={problems.managerAddress}
            onChange={setManagerAddress}
          />
          <DeployTextField
            name="agentName"
            label="Agent name (optional)"
            help="The host name is used when empty"
            value={agentName}
            problem={problems.agentName}
            onChange={setAgentName}
          />
          <DeployTextField
            name="group"
            label="Groups (optional)"
            help="One group, or several separated by commas"
            value={group}
            problem={problems.group}
            onChange={setGroup}
          />
        </EuiForm>
        <EuiSpacer />
        {state.status === 'error' && (
          <EuiCallOut color="danger" title="The manager version could not be read">
            {state.error.detail}
          </EuiCallOut>
        )}
        {enrollment?.passwordRequired && (
          <>
            <EuiCallOut
              size="s"
              iconType="lock"
              color={enrollment.password ? 'primary' : 'warning'}
              title={
                enrollment.password
                  ? 'The manager asks enrolling agents for a password: the commands below carry it.'
                  : 'The manager asks enrolling agents for a password, which your API user may not read: add WAZUH_REGISTRATION_PASSWORD to the commands.'
              }
              data-test-subj="deployPasswordRequired"
            >
              {enrollment.password && (
                <EuiText size="s">
                  Password: <code data-test-subj="deployPassword">{enrollment.password}</code>
                </EuiText>
              )}
            </EuiCallOut>
            <EuiSpacer />
          </>
        )}
        {commands && (
          <>
            <EuiText size="s">
              <p>1. Install and enroll the agent: run this in {commands.shell}.</p>
            </EuiText>
            <EuiCodeBlock
              language={system === 'windows' ? 'powershell' : 'bash'}
              isCopyable
              whiteSpace="pre-wrap"
              data-test-subj="deployInstallCommand"
            >
              {commands.install}
            </EuiCodeBlock>
            <EuiSpacer size="s" />
            <EuiText size="s">
              <p>2. Start the agent:</p>
            </EuiText>
            <EuiCodeBlock
              language={system === 'windows' ? 'powershell' : 'bash'}
              isCopyable
              data-test-subj="deployStartCommand"
            >
              {commands.start}
            </EuiCodeBlock>
            <EuiSpacer />
            <DeployProgress host={host} agent={newAgent} />
          </>
        )}
      </EuiFlyoutBody>
      <EuiFlyoutFooter>
        <EuiButtonEmpty onClick={onAddByName} data-test-subj="deployAddByName">
          Advanced: register an agent by name and IP and get its key
        </EuiButtonEmpty>
      </EuiFlyoutFooter>
    </EuiFlyout>
  );
}

function DeployTextField({
  name,
  label,
  help,
  value,
  problem,
  onChange,
}: {
  name: string;
  label: string;
  help: string;
  value: string;
  problem?: string;
  onChange(value: string): void;
}) {
  return (
    <EuiFormRow label={label} helpText={help} isInvalid={!!problem} error={problem}>
      <EuiFieldText
        name={name}
        value={value}
        isInvalid={!!problem}
        onChange={(event) => onChange(event.target.value)}
        data-test-subj={`deploy${name[0].toUpperCase()}${name.slice(1)}`}
      />
    </EuiFormRow>
  );
}

function DeployProgress({ host, agent }: { host: ApiHost; agent?: NewAgent }) {
  if (!agent)
    return (
      <EuiText size="s" data-test-subj="deployWaiting">
        <p>
          <EuiLoadingSpinner size="s" /> 3. Waiting for the agent to enroll…
        </p>
      </EuiText>
    );
  return (
    <EuiText size="s" data-test-subj="deployProgress" aria-live="polite">
      {agent.status === 'active' ? (
        <EuiHealth color="success" data-test-subj="deployConnected">
          Agent{' '}
          <AgentLink agentId={agent.id} apiHostId={host.id}>
            {agent.id} {agent.name}
          </AgentLink>{' '}
          is connected.
        </EuiHealth>
      ) : (
        <EuiHealth color="warning" data-test-subj="deployEnrolled">
          Agent {agent.id} {agent.name} enrolled; waiting for it to connect…
        </EuiHealth>
      )}
    </EuiText>
  );
}
