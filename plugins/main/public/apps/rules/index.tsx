import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { RulesTabs } from './rules-tabs';

export function RulesView() {
  return (
    <Page
      title="Rules"
      testSubj="svcRules"
      description="Detection rules, their files and the ruleset test"
    >
      <RequireHost>{(host) => <RulesTabs key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-rules', title: 'Rules', view: <RulesView /> });
}
