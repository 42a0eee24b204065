import { EuiDescriptionList, EuiText } from '@elastic/eui';
import { Page } from '../../components/page';
import { useSvcServices } from '../../components/services-context';
import { useUrlTabs } from '../../components/url-tabs';
import { ApiHostsPanel } from './api-hosts-panel';
import { IndexerPanel } from './indexer-panel';
import { ReportsPanel } from './reports/reports-panel';
import { SampleDataPanel } from './sample-data-panel';

const TABS = [
  { id: 'api', name: 'API' },
  { id: 'indexer', name: 'Indexer' },
  { id: 'sample-data', name: 'Sample data' },
  { id: 'reports', name: 'Reports' },
  { id: 'about', name: 'About' },
] as const;

function About() {
  const { core, telemetry } = useSvcServices();
  const counts = telemetry.counts();
  return (
    <EuiDescriptionList
      data-test-subj="settingsAbout"
      listItems={[
        { title: 'Dashboard version', description: core.version },
        {
          title: 'Usage statistics',
          description: telemetry.enabled
            ? `On, kept in this browser only${
                counts
                  ? ` since ${counts.since}: ${Object.entries(counts.apps)
                      .map(([app, count]) => `${app} ${count}`)
                      .join(', ')}; errors ${counts.errors}`
                  : ''
              }`
            : 'Off (an administrator can turn on svc:telemetry.enabled; nothing ever leaves the browser)',
        },
      ]}
    />
  );
}

export function SettingsView() {
  const { tab, tabBar } = useUrlTabs(TABS, 'settingsTab');
  return (
    <Page
      title="Settings"
      testSubj="svcSettings"
      description="Managed-API hosts, the indexer, sample data and how the dashboard uses them"
    >
      {tabBar}
      {tab === 'api' && <ApiHostsPanel />}
      {tab === 'indexer' && <IndexerPanel />}
      {tab === 'sample-data' && <SampleDataPanel />}
      {tab === 'reports' && <ReportsPanel />}
      {tab === 'about' && (
        <EuiText>
          <About />
        </EuiText>
      )}
    </Page>
  );
}
