/** The agent's SCA policies with their pass/fail/not-applicable counts; a policy opens its checks. */
import { EuiButtonEmpty, EuiSpacer, EuiTitle } from '@elastic/eui';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import type { Agent } from '../../services/managed-api-types';
import { ChecksTable, PoliciesTable } from '../sca/sca-view';

export function AgentSca({ host, agent }: { host: ApiHost; agent: Agent }) {
  const { params, setParams } = useAppUrlState();
  const policyId = params.get('policy');
  if (!policyId)
    return (
      <PoliciesTable
        host={host}
        agentId={agent.id}
        onOpen={(policy) => setParams({ policy: policy.policy_id }, { push: true })}
      />
    );
  return (
    <>
      <EuiButtonEmpty
        iconType="chevronSingleLeft"
        flush="left"
        onClick={() => setParams({ policy: undefined }, { push: true })}
        data-test-subj="scaBackToPolicies"
      >
        All policies of agent {agent.id}
      </EuiButtonEmpty>
      <EuiTitle size="s">
        <h3>Checks of {policyId}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <ChecksTable key={policyId} host={host} agentId={agent.id} policyId={policyId} />
    </>
  );
}
