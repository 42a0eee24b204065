import { EuiCodeBlock, EuiFormRow, EuiSelect, EuiSkeletonText, EuiSpacer } from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';

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

export function ConfigurationTab({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const section = params.get('section') ?? '';
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Record<string, unknown>>({
        apiHostId: host.id,
        path: '/manager/configuration',
        query: { section: section || undefined },
        signal,
        action: 'manager:read',
      }),
    [api, host.id, section],
  );
  const { state, reload } = useAsync(load, 'Loading the manager configuration', 'manager:read');
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
