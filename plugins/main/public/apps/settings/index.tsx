import type { AppMountParameters } from '@host/public/types';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { SettingsView } from './settings-view';

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-settings',
    title: 'Settings',
    view: <SettingsView />,
  });
}
