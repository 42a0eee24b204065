import type { AppMountParameters } from '../../../../../host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { RulesTable } from './rules-view';

export function RulesView() {
  return (
    <Page title="Rules" testSubj="svcRules" description="Detection rules of the managed API">
      <RequireHost>{(host) => <RulesTable key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-rules', title: 'Rules', view: <RulesView /> });
}
