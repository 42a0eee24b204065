import type { AppMountParameters } from '@host/public/types';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { ListsPanel } from './lists-view';

export function ListsView() {
  return (
    <Page
      title="CDB lists"
      testSubj="svcLists"
      description="Lists of keys and values that rules look up (addresses, users, hashes…)"
    >
      <RequireHost>{(host) => <ListsPanel key={host.id} host={host} />}</RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-lists', title: 'CDB lists', view: <ListsView /> });
}
