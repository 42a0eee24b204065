import type { AppMountParameters } from '@host/public/types';
import type { SvcServices } from '../../services/svc-services';
import { CONSOLE_APP_ID } from '../app-metadata';
import { mountApp } from '../app-root';
import { ConsoleView } from './console-view';

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: CONSOLE_APP_ID,
    title: 'API console',
    view: <ConsoleView />,
  });
}
