import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { DecodersTabs } from './decoders-view';

export function DecodersView() {
  return (
    <Page
      title="Decoders"
      testSubj="svcDecoders"
      description="Decoders and the files that hold them"
    >
      <RequireHost>{(host) => <DecodersTabs key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-decoders',
    title: 'Decoders',
    view: <DecodersView />,
  });
}
