import { EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { RulesetFilesPanel } from '../../components/ruleset/ruleset-files-panel';
import { RulesTable } from './rules-view';
import { RulesetTest } from './ruleset-test';

const TABS = [
  { id: 'rules', label: 'Rules' },
  { id: 'files', label: 'Rule files' },
  { id: 'test', label: 'Ruleset test' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The Rules app: the rules, their files (custom ones editable) and the ruleset test. */
export function RulesTabs({ host }: { host: ApiHost }) {
  const { params, setParams } = useAppUrlState();
  const tab: TabId = TABS.find((entry) => entry.id === params.get('tab'))?.id ?? 'rules';
  return (
    <>
      <EuiTabs>
        {TABS.map((entry) => (
          <EuiTab
            key={entry.id}
            isSelected={tab === entry.id}
            onClick={() =>
              setParams({ tab: entry.id === 'rules' ? undefined : entry.id }, { push: true })
            }
            data-test-subj={`rulesTab-${entry.id}`}
          >
            {entry.label}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer />
      {tab === 'rules' && <RulesTable host={host} />}
      {tab === 'files' && <RulesetFilesPanel host={host} kind="rules" />}
      {tab === 'test' && <RulesetTest host={host} />}
    </>
  );
}
