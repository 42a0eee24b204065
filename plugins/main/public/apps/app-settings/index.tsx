import type { AppMountParameters } from '@host/public/types';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { AppSettingsView } from './app-settings-view';

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-app-settings',
    title: 'App settings',
    view: <AppSettingsView />,
  });
}
