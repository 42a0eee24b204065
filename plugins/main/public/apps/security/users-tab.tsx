import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiComboBox,
  EuiFieldPassword,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSwitch,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { PermittedButton, usePermission } from '../../components/api-permissions';
import { ManagedApiTable } from '../../components/managed-api-table';
import { useAsync } from '../../hooks/use-async';
import {
  type ApiRole,
  type ApiUser,
  MAX_RESERVED_ID,
  PASSWORD_RULES,
  RESERVED_REASON,
  type SecurityApi,
  passwordProblem,
} from './security-api';
import { useSecurityChange } from './use-security-change';

const RESOURCELESS = '*:*:*';

function PasswordModal({
  title,
  withName,
  onCancel,
  onSave,
}: {
  title: string;
  withName: boolean;
  onCancel(): void;
  onSave(username: string, password: string): void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const problem = password === '' ? undefined : passwordProblem(password);
  const nameProblem =
    username !== '' && !/^[\w\-.%]{4,64}$/.test(username)
      ? '4 to 64 letters, digits, "-", "." or "_"'
      : undefined;
  const ready = password !== '' && !problem && (!withName || (username !== '' && !nameProblem));
  return (
    <EuiModal onClose={onCancel} data-test-subj="securityUserModal">
      <EuiModalHeader>
        <EuiModalHeaderTitle>{title}</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiForm
          component="form"
          id="securityUserForm"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) onSave(username, password);
          }}
        >
          {withName && (
            <EuiFormRow label="User name" isInvalid={!!nameProblem} error={nameProblem}>
              <EuiFieldText
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                data-test-subj="securityUserName"
              />
            </EuiFormRow>
          )}
          <EuiFormRow
            label="Password"
            helpText={PASSWORD_RULES}
            isInvalid={!!problem}
            error={problem}
          >
            <EuiFieldPassword
              type="dual"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-test-subj="securityUserPassword"
            />
          </EuiFormRow>
        </EuiForm>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onCancel}>Cancel</EuiButtonEmpty>
        <EuiButton
          type="submit"
          form="securityUserForm"
          fill
          disabled={!ready}
          data-test-subj="securityUserSave"
        >
          Save
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}

function UserActions({
  user,
  roles,
  security,
  run,
}: {
  user: ApiUser;
  roles: ApiRole[];
  security: SecurityApi;
  run(what: string, call: () => Promise<unknown>): Promise<boolean>;
}) {
  const [changingPassword, setChangingPassword] = useState(false);
  const reserved = user.id <= MAX_RESERVED_ID;
  const update = usePermission([{ action: 'security:update', resource: `user:id:${user.id}` }]);
  const runAs = usePermission([{ action: 'security:edit_run_as', resource: RESOURCELESS }]);
  const roleNames = roles.filter((role) => user.roles.includes(role.id));
  const locked = reserved ? RESERVED_REASON : update.reason;
  return (
    <div style={{ minWidth: 420 }}>
      <EuiSwitch
        label="allow run_as"
        compressed
        checked={user.allow_run_as}
        disabled={!runAs.allowed}
        title={runAs.reason}
        onChange={(event) =>
          void run(
            `${event.target.checked ? 'Allowed' : 'Stopped'} run_as for ${user.username}`,
            () => security.setRunAs(user, event.target.checked),
          )
        }
        data-test-subj={`securityRunAs-${user.username}`}
      />
      <EuiComboBox
        aria-label={`Roles of ${user.username}`}
        placeholder="No role"
        compressed
        isDisabled={reserved || !update.allowed}
        title={locked}
        options={roles.map((role) => ({ label: role.name, value: role.id }))}
        selectedOptions={roleNames.map((role) => ({ label: role.name, value: role.id }))}
        onChange={(options) => {
          const chosen = options.map((option) => Number(option.value));
          const added = chosen.find((id) => !user.roles.includes(id));
          const removed = user.roles.find((id) => !chosen.includes(id));
          const role = roles.find((entry) => entry.id === (added ?? removed));
          if (role)
            void run(
              `${added !== undefined ? 'Gave' : 'Took'} ${user.username} the role ${role.name}`,
              () => security.linkUserRole(user, role.id, added !== undefined),
            );
        }}
        data-test-subj={`securityUserRoles-${user.username}`}
      />
      <EuiButtonEmpty
        size="xs"
        iconType="lock"
        disabled={!update.allowed || reserved}
        title={locked}
        onClick={() => setChangingPassword(true)}
        data-test-subj={`securityPassword-${user.username}`}
      >
        Change password
      </EuiButtonEmpty>
      <PermittedButton
        size="s"
        color="danger"
        iconType="trash"
        required={[{ action: 'security:delete', resource: `user:id:${user.id}` }]}
        disabled={reserved}
        onClick={() =>
          void run(`Deleted the user ${user.username}`, () => security.deleteUser(user))
        }
        data-test-subj={`securityDeleteUser-${user.username}`}
      >
        Delete
      </PermittedButton>
      {changingPassword && (
        <PasswordModal
          title={`New password for ${user.username}`}
          withName={false}
          onCancel={() => setChangingPassword(false)}
          onSave={(_name, password) => {
            setChangingPassword(false);
            void run(`Changed the password of ${user.username}`, () =>
              security.setPassword(user, password),
            );
          }}
        />
      )}
    </div>
  );
}

export function UsersTab({ host, security }: { host: ApiHost; security: SecurityApi }) {
  const { run, version } = useSecurityChange();
  const [creating, setCreating] = useState(false);
  // Read again after every change (`version`), so the pickers show what the API holds now.
  const loadRoles = useCallback(
    (signal: AbortSignal) => security.roles(signal),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version asks for a fresh read
    [security, version],
  );
  const roles = useAsync(loadRoles, 'Loading the API roles', 'security:read').state.data ?? [];
  return (
    <>
      <ManagedApiTable<ApiUser>
        key={version}
        host={host}
        path="/security/users"
        prefix="users"
        action="security:read"
        what="users"
        itemId="id"
        defaultSort="+id"
        searchFields={[{ name: 'username' }]}
        toolbar={
          <PermittedButton
            iconType="plus"
            size="s"
            required={[{ action: 'security:create_user', resource: RESOURCELESS }]}
            onClick={() => setCreating(true)}
            data-test-subj="securityNewUser"
          >
            New user
          </PermittedButton>
        }
        columns={[
          { field: 'id', name: 'ID', width: '70px', sortable: true },
          {
            field: 'username',
            name: 'User',
            sortable: true,
            render: (name: string, user: ApiUser) => (
              <>
                {name} {user.id <= MAX_RESERVED_ID && <EuiBadge color="hollow">reserved</EuiBadge>}
              </>
            ),
          },
          {
            name: 'Run as, roles and actions',
            render: (user: ApiUser) => (
              <UserActions user={user} roles={roles} security={security} run={run} />
            ),
          },
        ]}
        data-test-subj="securityUsers"
      />
      {creating && (
        <PasswordModal
          title="New API user"
          withName
          onCancel={() => setCreating(false)}
          onSave={(username, password) => {
            setCreating(false);
            void run(`Created the user ${username}`, () => security.createUser(username, password));
          }}
        />
      )}
    </>
  );
}
