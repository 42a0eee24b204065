/**
 * The agent's state on its page, as the original's cards show it: its vulnerabilities by severity
 * (each opens the vulnerability inventory on the agent and the severity), its most vulnerable
 * packages, its last configuration assessment (from the managed API) and its operating system and
 * hardware. Two indexer requests in all: one aggregate of the vulnerability states, one of its
 * inventory. Where the indexer holds no inventory of the agent, the managed API's view stays, and
 * says why; otherwise the Inventory tab opens the agent's inventory in IT Hygiene.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiCallOut,
  EuiDescriptionList,
  EuiFlexGrid,
  EuiFlexItem,
  EuiLink,
  EuiPanel,
  EuiSpacer,
  EuiStat,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, type ReactNode } from 'react';
import type { AlertsAggregateResponse, AlertsChartRequest } from '../../../common/alerts/api';
import { VULNERABILITY_SEVERITIES } from '../../../common/alerts/datasets';
import type { ApiHost } from '../../../common/api-hosts';
import { chartBuckets } from '../../components/alerts/charts/dashboard-panels';
import { AlertsProblem } from '../../components/alerts/notices/alerts-problem';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { HOST_URL_PARAM } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent, ScaPolicy } from '../../services/managed-api-types';
import { IT_HYGIENE_APP_ID } from '../it-hygiene/it-hygiene-links';
import { AGENT_URL_PARAM, MODULES_APP_ID, modulePath } from '../modules/module-links';
import { AgentInventory } from './agent-inventory';

const SHOWN_IN_PLACE = { shownInPlace: true };
const SEVERITY_COLORS: Record<(typeof VULNERABILITY_SEVERITIES)[number], string> = {
  Critical: 'danger',
  High: 'warning',
  Medium: 'primary',
  Low: 'success',
};

const VULNERABILITY_CHARTS: AlertsChartRequest[] = [
  { id: 'severities', type: 'terms', field: 'vulnerability.severity', size: 4 },
  { id: 'packages', type: 'terms', field: 'package.name', size: 5 },
];

/** The summary's fields, each the agent's one value (its system and hardware documents). */
const SUMMARY_FIELDS: Array<[field: string, title: string]> = [
  ['host.os.name', 'Operating system'],
  ['host.os.version', 'Version'],
  ['host.architecture', 'Architecture'],
  ['host.hostname', 'Host name'],
  ['host.cpu.name', 'CPU'],
  ['host.cpu.cores', 'Cores'],
  ['host.memory.total', 'Memory'],
  ['host.serial_number', 'Serial number'],
];
const INVENTORY_CHARTS: AlertsChartRequest[] = [
  { id: 'documents', type: 'count' },
  ...SUMMARY_FIELDS.map(([field]): AlertsChartRequest => ({
    id: field,
    type: 'terms',
    field,
    size: 1,
  })),
];

function Card({
  title,
  testSubj,
  children,
}: {
  title: string;
  testSubj: string;
  children: ReactNode;
}) {
  return (
    <EuiPanel hasBorder paddingSize="m" data-test-subj={testSubj}>
      <EuiTitle size="xxs">
        <h3>{title}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      {children}
    </EuiPanel>
  );
}

function firstValue(answer: AlertsAggregateResponse | undefined, id: string): string {
  const bucket = chartBuckets(answer, id)[0];
  if (!bucket) return '–';
  if (id === 'host.memory.total' && typeof bucket.key === 'number')
    return `${(bucket.key / 1024 ** 3).toFixed(1)} GiB`;
  return bucket.label || String(bucket.key);
}

function VulnerabilityCards({ host, agentId }: { host: ApiHost; agentId: string }) {
  const alerts = useAlertsClient();
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      alerts.aggregate(
        { apiHostId: host.id, dataset: 'vulnerabilities', agentId, charts: VULNERABILITY_CHARTS },
        signal,
      ),
    [alerts, host.id, agentId],
  );
  const { state, reload } = useAsync(
    load,
    `Counting the vulnerabilities of agent ${agentId}`,
    undefined,
    SHOWN_IN_PLACE,
  );
  const severities = chartBuckets(state.data, 'severities');
  const inventoryUrl = (field: string, value: string) =>
    core.application.getUrlForApp(MODULES_APP_ID, {
      path: modulePath({
        moduleId: 'vulnerability-detection',
        apiHostId: host.id,
        agentId,
        tab: 'inventory',
        filters: [{ type: 'is', field, value }],
      }),
    });
  if (state.error) return <AlertsProblem error={state.error} onRetry={reload} />;
  return (
    <>
      <Card title="Vulnerabilities" testSubj="agentVulnerabilities">
        <EuiFlexGrid columns={4} gutterSize="s">
          {VULNERABILITY_SEVERITIES.map((severity) => {
            const count =
              severities.find(
                (bucket) => String(bucket.key).toLowerCase() === severity.toLowerCase(),
              )?.count ?? 0;
            return (
              <EuiFlexItem key={severity}>
                <EuiLink
                  href={inventoryUrl('vulnerability.severity', severity)}
                  data-test-subj={`agentVulnerabilities-${severity}`}
                >
                  <EuiStat
                    title={state.data ? count.toLocaleString('en-US') : '–'}
                    description={severity}
                    titleColor={SEVERITY_COLORS[severity]}
                    titleSize="s"
                    isLoading={state.status === 'loading'}
                  />
                </EuiLink>
              </EuiFlexItem>
            );
          })}
        </EuiFlexGrid>
      </Card>
      <EuiSpacer size="m" />
      <Card title="Top vulnerable packages" testSubj="agentVulnerablePackages">
        <EuiBasicTable
          items={chartBuckets(state.data, 'packages')}
          loading={state.status === 'loading'}
          noItemsMessage="No vulnerable package."
          tableLayout="auto"
          columns={[
            {
              name: 'Package',
              render: (bucket: { key: string | number; label: string }) => (
                <EuiLink href={inventoryUrl('package.name', String(bucket.key))}>
                  {bucket.label || String(bucket.key)}
                </EuiLink>
              ),
            },
            { field: 'count', name: 'Vulnerabilities', align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}

function LastScaScan({ host, agentId }: { host: ApiHost; agentId: string }) {
  const { api } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<ScaPolicy>({
        apiHostId: host.id,
        path: `/sca/${encodeURIComponent(agentId)}?sort=-end_scan&limit=1`,
        signal,
        action: 'sca:read',
      }),
    [api, host.id, agentId],
  );
  const { state } = useAsync(
    load,
    `Reading the last SCA scan of agent ${agentId}`,
    undefined,
    SHOWN_IN_PLACE,
  );
  const policy = state.data?.items[0];
  return (
    <Card title="Last SCA scan" testSubj="agentLastSca">
      {state.error ? (
        <p>{state.error.detail}</p>
      ) : policy ? (
        <EuiDescriptionList
          type="column"
          compressed
          listItems={[
            { title: 'Policy', description: policy.name },
            { title: 'Score', description: `${policy.score}%` },
            { title: 'Passed', description: String(policy.pass) },
            { title: 'Failed', description: String(policy.fail) },
            { title: 'Not applicable', description: String(policy.invalid) },
            { title: 'Ended', description: policy.end_scan ?? '–' },
          ]}
        />
      ) : (
        <p>{state.status === 'loading' ? 'Loading…' : 'No scan yet.'}</p>
      )}
    </Card>
  );
}

/** The Inventory tab: the state cards, then the agent's inventory where it is. */
export function AgentState({ host, agent }: { host: ApiHost; agent: Agent }) {
  const alerts = useAlertsClient();
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      alerts.aggregate(
        { apiHostId: host.id, dataset: 'inventory', agentId: agent.id, charts: INVENTORY_CHARTS },
        signal,
      ),
    [alerts, host.id, agent.id],
  );
  const { state } = useAsync(
    load,
    `Reading the inventory of agent ${agent.id}`,
    undefined,
    SHOWN_IN_PLACE,
  );
  const documents = state.data?.total.value ?? 0;
  const itHygieneUrl = core.application.getUrlForApp(IT_HYGIENE_APP_ID, {
    path: `?${HOST_URL_PARAM}=${encodeURIComponent(host.id)}&${AGENT_URL_PARAM}=${encodeURIComponent(agent.id)}`,
  });
  return (
    <div data-test-subj="agentState">
      <EuiFlexGrid columns={3} gutterSize="m">
        <EuiFlexItem style={{ gridColumn: 'span 2' }}>
          <VulnerabilityCards host={host} agentId={agent.id} />
        </EuiFlexItem>
        <EuiFlexItem>
          <Card title="System" testSubj="agentSystemSummary">
            <EuiDescriptionList
              type="column"
              compressed
              listItems={SUMMARY_FIELDS.map(([field, title]) => ({
                title,
                description: firstValue(state.data, field),
              }))}
            />
          </Card>
          <EuiSpacer size="m" />
          <LastScaScan host={host} agentId={agent.id} />
        </EuiFlexItem>
      </EuiFlexGrid>
      <EuiSpacer />
      {state.status === 'loading' ? null : documents > 0 ? (
        <EuiButton href={itHygieneUrl} iconType="external" data-test-subj="agentItHygieneLink">
          Open this agent&apos;s inventory in IT Hygiene
        </EuiButton>
      ) : (
        <>
          <EuiCallOut
            size="s"
            iconType="info"
            title="The indexer holds no inventory of this agent: shown from the managed API"
            data-test-subj="agentInventoryFromApi"
          />
          <EuiSpacer size="m" />
          <AgentInventory host={host} agent={agent} />
        </>
      )}
    </div>
  );
}
