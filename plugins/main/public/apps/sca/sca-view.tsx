import {
  EuiBadge,
  EuiButtonEmpty,
  EuiEmptyPrompt,
  EuiHealth,
  EuiProgress,
  EuiSpacer,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { AgentLink } from '../../components/agent-link';
import { useAppUrlState } from '../../components/app-url-state';
import { formatDate } from '../../components/format';
import { ItemFlyout } from '../../components/item-flyout';
import { ManagedApiTable } from '../../components/managed-api-table';
import type { ScaCheck, ScaPolicy } from '../../services/managed-api-types';
import type { SearchField } from '../../query-languages/types';
import { AgentPicker } from './agent-picker';

const POLICY_FIELDS: SearchField[] = [
  { name: 'policy_id' },
  { name: 'name', description: 'policy name' },
  { name: 'description' },
  { name: 'pass', description: 'checks passed' },
  { name: 'fail', description: 'checks failed' },
  { name: 'score', description: 'percentage passed' },
];

const CHECK_FIELDS: SearchField[] = [
  { name: 'id', description: 'check ID' },
  { name: 'title' },
  { name: 'result', values: ['passed', 'failed', 'not applicable'] },
  { name: 'description' },
  { name: 'rationale' },
  { name: 'remediation' },
  { name: 'command' },
  { name: 'file' },
  { name: 'condition', values: ['all', 'any', 'none'] },
];

const RESULT_COLORS: Record<string, string> = {
  passed: 'success',
  failed: 'danger',
  'not applicable': 'subdued',
};
const CHECKS_PREFIX = 'checks';

export function PoliciesTable({
  host,
  agentId,
  onOpen,
}: {
  host: ApiHost;
  agentId: string;
  onOpen(policy: ScaPolicy): void;
}) {
  const columns: Array<EuiBasicTableColumn<ScaPolicy>> = [
    { field: 'name', name: 'Policy', sortable: true, truncateText: true },
    { field: 'policy_id', name: 'ID', sortable: true },
    { field: 'pass', name: 'Passed', sortable: true, width: '80px' },
    { field: 'fail', name: 'Failed', sortable: true, width: '80px' },
    { field: 'invalid', name: 'Not applicable', sortable: true, width: '120px' },
    {
      field: 'score',
      name: 'Score',
      sortable: true,
      width: '140px',
      render: (score: number) => (
        <EuiProgress
          value={score}
          max={100}
          size="m"
          color={score >= 75 ? 'success' : score >= 50 ? 'warning' : 'danger'}
          valueText
        />
      ),
    },
    {
      field: 'end_scan',
      name: 'Scanned',
      sortable: true,
      render: (value: string | undefined) => formatDate(value),
    },
  ];
  return (
    <ManagedApiTable<ScaPolicy>
      host={host}
      path={`/sca/${encodeURIComponent(agentId)}`}
      columns={columns}
      searchFields={POLICY_FIELDS}
      defaultSort="-policy_id"
      action="sca:read"
      what="policies"
      itemId="policy_id"
      onItemClick={onOpen}
      data-test-subj="scaPoliciesTable"
    />
  );
}

export function ChecksTable({
  host,
  agentId,
  policyId,
}: {
  host: ApiHost;
  agentId: string;
  policyId: string;
}) {
  const [selected, setSelected] = useState<ScaCheck>();
  const columns: Array<EuiBasicTableColumn<ScaCheck>> = [
    { field: 'id', name: 'ID', sortable: true, width: '90px' },
    { field: 'title', name: 'Title', sortable: true, truncateText: true },
    {
      field: 'result',
      name: 'Result',
      sortable: true,
      width: '140px',
      render: (result: string | undefined) => (
        <EuiHealth color={RESULT_COLORS[result ?? ''] ?? 'subdued'}>{result ?? '–'}</EuiHealth>
      ),
    },
    { field: 'condition', name: 'Condition', width: '100px' },
  ];
  return (
    <>
      <ManagedApiTable<ScaCheck>
        host={host}
        path={`/sca/${encodeURIComponent(agentId)}/checks/${encodeURIComponent(policyId)}`}
        columns={columns}
        searchFields={CHECK_FIELDS}
        defaultSort="+id"
        prefix={CHECKS_PREFIX}
        action="sca:read"
        what="checks"
        itemId="id"
        onItemClick={setSelected}
        data-test-subj="scaChecksTable"
      />
      {selected && (
        <ItemFlyout
          title={`Check ${selected.id}`}
          data-test-subj="scaCheckDetail"
          raw={selected}
          onClose={() => setSelected(undefined)}
          fields={[
            { title: 'Title', description: selected.title },
            { title: 'Result', description: selected.result },
            { title: 'Description', description: selected.description },
            { title: 'Rationale', description: selected.rationale },
            { title: 'Remediation', description: selected.remediation },
            { title: 'Reason', description: selected.reason },
            { title: 'Command', description: selected.command },
            {
              title: 'Compliance',
              description: selected.compliance?.map((entry) => (
                <EuiBadge
                  key={`${entry.key}:${entry.value}`}
                >{`${entry.key} ${entry.value}`}</EuiBadge>
              )),
            },
          ]}
        />
      )}
    </>
  );
}

export function ScaPanels({ host }: { host: ApiHost }) {
  const { params, setParams } = useAppUrlState();
  const agentId = params.get('agent') ?? undefined;
  const policyId = params.get('policy') ?? undefined;
  const clearedChecks = {
    [`${CHECKS_PREFIX}.page`]: undefined,
    [`${CHECKS_PREFIX}.query`]: undefined,
    [`${CHECKS_PREFIX}.sort`]: undefined,
    [`${CHECKS_PREFIX}.syntax`]: undefined,
  };
  return (
    <>
      <AgentPicker
        host={host}
        agentId={agentId}
        onChange={(next) =>
          setParams(
            { agent: next, policy: undefined, page: undefined, query: undefined, ...clearedChecks },
            { push: true },
          )
        }
      />
      {agentId && (
        <AgentLink agentId={agentId} apiHostId={host.id}>
          Open agent {agentId}
        </AgentLink>
      )}
      <EuiSpacer />
      {!agentId ? (
        <EuiEmptyPrompt
          iconType="search"
          title={<h2>Choose an agent</h2>}
          body={
            <p>
              The security configuration assessment runs on each agent; pick one to see its policies
              and checks.
            </p>
          }
          data-test-subj="scaNoAgent"
        />
      ) : !policyId ? (
        <PoliciesTable
          key={agentId}
          host={host}
          agentId={agentId}
          onOpen={(policy) => setParams({ policy: policy.policy_id }, { push: true })}
        />
      ) : (
        <>
          <EuiButtonEmpty
            iconType="chevronSingleLeft"
            flush="left"
            onClick={() => setParams({ policy: undefined, ...clearedChecks }, { push: true })}
            data-test-subj="scaBackToPolicies"
          >
            All policies of agent {agentId}
          </EuiButtonEmpty>
          <EuiTitle size="s">
            <h2>Checks of {policyId}</h2>
          </EuiTitle>
          <EuiSpacer size="s" />
          <ChecksTable
            key={`${agentId}/${policyId}`}
            host={host}
            agentId={agentId}
            policyId={policyId}
          />
        </>
      )}
    </>
  );
}
