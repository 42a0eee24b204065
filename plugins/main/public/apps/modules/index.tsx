/**
 * The modules app (`/app/svc-modules/<moduleId>`): one renderer for every security module of
 * common/modules; without a module in the path, the modules as cards by category. One app (not
 * one per module) keeps the header to a single "Modules" entry instead of sixteen.
 */
import { EuiEmptyPrompt } from '@elastic/eui';
import { useSyncExternalStore } from 'react';
import type { AppMountParameters } from '@host/public/types';
import { moduleById } from '../../../common/modules';
import { useAppUrlState } from '../../components/app-url-state';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { ModuleCards } from './module-cards';
import { moduleIdOfPath } from './module-links';
import { ModulePage } from './module-page';

function useModuleIdOfPath(): string | undefined {
  const { history } = useAppUrlState();
  const pathname = useSyncExternalStore(
    (listener) => history.listen(listener),
    () => history.location.pathname,
  );
  return moduleIdOfPath(pathname);
}

export function ModulesView() {
  const moduleId = useModuleIdOfPath();
  if (!moduleId)
    return (
      <Page
        title="Modules"
        testSubj="svcModules"
        description="Security modules by category, with their alerts over the chosen range"
      >
        <RequireHost>{(host) => <ModuleCards key={host.id} host={host} />}</RequireHost>
      </Page>
    );
  const module = moduleById(moduleId);
  if (!module)
    return (
      <Page title="Modules" testSubj="svcModules" description="Security modules">
        <EuiEmptyPrompt
          iconType="search"
          title={<h2>No module {moduleId}</h2>}
          data-test-subj="moduleNotFound"
        />
      </Page>
    );
  return (
    <Page title={module.title} testSubj="svcModule" description={module.description}>
      <RequireHost>
        {(host) => <ModulePage key={`${host.id}/${module.id}`} host={host} module={module} />}
      </RequireHost>
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, { id: 'svc-modules', title: 'Modules', view: <ModulesView /> });
}
