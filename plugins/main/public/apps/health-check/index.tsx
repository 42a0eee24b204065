import type { AppMountParameters } from '@host/public/types';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { HealthCheckView } from './health-check-view';

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-health-check',
    title: 'Health check',
    view: <HealthCheckView />,
  });
}
