import type { ApiHost } from '../../../common/api-hosts';
import { useUrlTabs } from '../../components/url-tabs';
import { RulesetFilesPanel } from '../../components/ruleset/ruleset-files-panel';
import { RulesTable } from './rules-view';
import { RulesetTest } from './ruleset-test';

const TABS = [
  { id: 'rules', name: 'Rules' },
  { id: 'files', name: 'Rule files' },
  { id: 'test', name: 'Ruleset test' },
] as const;

/** The Rules app: the rules, their files (custom ones editable) and the ruleset test. */
export function RulesTabs({ host }: { host: ApiHost }) {
  const { tab, tabBar } = useUrlTabs(TABS, 'rulesTab');
  return (
    <>
      {tabBar}
      {tab === 'rules' && <RulesTable host={host} />}
      {tab === 'files' && <RulesetFilesPanel host={host} kind="rules" />}
      {tab === 'test' && <RulesetTest host={host} />}
    </>
  );
}
