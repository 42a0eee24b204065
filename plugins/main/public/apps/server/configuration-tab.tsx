import {
  EuiButtonGroup,
  EuiCodeBlock,
  EuiFormRow,
  EuiSelect,
  EuiSkeletonText,
  EuiSpacer,
} from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { ConfigurationEditor } from './configuration-editor';
import { serverAction } from './server-api';

/** Sections of the manager configuration the managed API can return one at a time. */
const CONFIGURATION_SECTIONS = [
  'active-response',
  'agentless',
  'alerts',
  'auth',
  'client',
  'client_buffer',
  'cluster',
  'command',
  'email_alerts',
  'global',
  'integration',
  'labels',
  'localfile',
  'logging',
  'remote',
  'reports',
  'rootcheck',
  'ruleset',
  'sca',
  'socket',
  'syscheck',
  'syslog_output',
  'vulnerability-detection',
  'indexer',
  'aws-s3',
  'azure-logs',
  'cis-cat',
  'docker-listener',
  'open-scap',
  'osquery',
  'syscollector',
];

const VIEWS = [
  { id: 'sections', label: 'Sections' },
  { id: 'edit', label: 'Edit ossec.conf' },
];

/**
 * A node's configuration (the manager's when it runs alone): read section by section, or its
 * ossec.conf edited, applied and the node restarted.
 */
export function ConfigurationTab({
  host,
  node,
  clustered,
}: {
  host: ApiHost;
  node?: string;
  clustered: boolean;
}) {
  const { params, setParams } = useAppUrlState();
  const view = params.get('view') === 'edit' ? 'edit' : 'sections';
  return (
    <>
      <EuiButtonGroup
        legend="Configuration view"
        options={VIEWS.map((entry) => ({
          ...entry,
          'data-test-subj': `configurationView-${entry.id}`,
        }))}
        idSelected={view}
        onChange={(id) => setParams({ view: id === 'edit' ? 'edit' : undefined }, { push: true })}
      />
      <EuiSpacer />
      {view === 'edit' ? (
        <ConfigurationEditor host={host} node={node} clustered={clustered} />
      ) : (
        <ConfigurationSections host={host} node={node} />
      )}
    </>
  );
}

function ConfigurationSections({ host, node }: { host: ApiHost; node?: string }) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const section = params.get('section') ?? '';
  const action = serverAction(node);
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Record<string, unknown>>({
        apiHostId: host.id,
        path:
          node === undefined
            ? '/manager/configuration'
            : `/cluster/${encodeURIComponent(node)}/configuration`,
        query: { section: section || undefined },
        signal,
        action,
      }),
    [api, host.id, section, node, action],
  );
  const { state, reload } = useAsync(load, 'Loading the manager configuration', action);
  return (
    <>
      <EuiFormRow label="Section">
        <EuiSelect
          value={section}
          options={[
            { value: '', text: 'Whole configuration' },
            ...CONFIGURATION_SECTIONS.map((name) => ({ value: name, text: name })),
          ]}
          onChange={(event) =>
            setParams({ section: event.target.value || undefined }, { push: true })
          }
          data-test-subj="configurationSection"
        />
      </EuiFormRow>
      <EuiSpacer />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : !state.data ? (
        <EuiSkeletonText lines={8} />
      ) : (
        <EuiCodeBlock
          language="json"
          isCopyable
          overflowHeight={600}
          data-test-subj="managerConfiguration"
        >
          {JSON.stringify(state.data.items[0] ?? {}, null, 2)}
        </EuiCodeBlock>
      )}
    </>
  );
}
