import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { ScaPanels } from './sca-view';

export function ScaView() {
  return (
    <Page
      title="SCA"
      testSubj="svcSca"
      description="Security configuration assessment: policies and checks of an agent"
    >
      <RequireHost>{(host) => <ScaPanels key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-sca', title: 'SCA', view: <ScaView /> });
}
