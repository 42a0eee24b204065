import { EuiCallOut } from '@elastic/eui';
import { useCallback, useMemo } from 'react';
import type { AppMountParameters } from '@host/public/types';
import type { ApiHost } from '../../../common/api-hosts';
import { DASHBOARD_ADMIN_ROLE } from '../../components/api-permissions';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import { useSvcServices } from '../../components/services-context';
import { useUrlTabs } from '../../components/url-tabs';
import { useAsync } from '../../hooks/use-async';
import type { SvcServices } from '../../services/svc-services';
import { mountApp } from '../app-root';
import { MappingTab } from './mapping-tab';
import { PoliciesTab } from './policies-tab';
import { RolesTab } from './roles-tab';
import { SecurityApi } from './security-api';
import { UsersTab } from './users-tab';

const TABS = [
  { id: 'users', name: 'Users' },
  { id: 'roles', name: 'Roles' },
  { id: 'policies', name: 'Policies' },
  { id: 'mapping', name: 'Roles mapping' },
] as const;

function SecurityPanel({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const security = useMemo(() => new SecurityApi(api, host), [api, host]);
  const { tab, tabBar } = useUrlTabs(TABS, 'securityTab');
  return (
    <>
      {tabBar}
      {tab === 'users' && <UsersTab host={host} security={security} />}
      {tab === 'roles' && <RolesTab host={host} security={security} />}
      {tab === 'policies' && <PoliciesTab host={host} security={security} />}
      {tab === 'mapping' && <MappingTab host={host} security={security} />}
    </>
  );
}

export function SecurityView() {
  const { core } = useSvcServices();
  const loadUser = useCallback(() => core.security.getCurrentUser(), [core]);
  const user = useAsync(loadUser, 'Reading the current user').state;
  const admin = user.data?.roles.includes(DASHBOARD_ADMIN_ROLE);
  return (
    <Page
      title="Security"
      testSubj="svcSecurity"
      description="Users, roles, policies and roles mapping of the managed API's RBAC"
    >
      {admin === false && (
        <EuiCallOut
          color="warning"
          iconType="lock"
          title="Only dashboard administrators manage the API's RBAC"
          data-test-subj="securityAdminsOnly"
        />
      )}
      {admin && <RequireHost>{(host) => <SecurityPanel key={host.id} host={host} />}</RequireHost>}
    </Page>
  );
}

export function mount(params: AppMountParameters, services: SvcServices) {
  return mountApp(params, services, {
    id: 'svc-security',
    title: 'Security',
    view: <SecurityView />,
  });
}
