import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiComboBox,
  EuiFieldText,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { PermittedButton, usePermission } from '../../components/api-permissions';
import { ManagedApiTable } from '../../components/managed-api-table';
import { useAsync } from '../../hooks/use-async';
import {
  type ApiPolicy,
  type ApiRole,
  type ApiSecurityRule,
  MAX_RESERVED_ID,
  RESERVED_REASON,
  type SecurityApi,
} from './security-api';
import { useSecurityChange } from './use-security-change';

const NAME = /^[\w\-.%]{1,64}$/;

function NameModal({
  title,
  initial,
  onCancel,
  onSave,
}: {
  title: string;
  initial: string;
  onCancel(): void;
  onSave(name: string): void;
}) {
  const [name, setName] = useState(initial);
  const problem = name !== '' && !NAME.test(name) ? 'Letters, digits, "-", "." or "_"' : undefined;
  return (
    <EuiModal onClose={onCancel} data-test-subj="securityNameModal">
      <EuiModalHeader>
        <EuiModalHeaderTitle>{title}</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiFormRow label="Name" isInvalid={!!problem} error={problem}>
          <EuiFieldText
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-test-subj="securityName"
          />
        </EuiFormRow>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onCancel}>Cancel</EuiButtonEmpty>
        <EuiButton
          fill
          disabled={name === '' || !!problem}
          onClick={() => onSave(name)}
          data-test-subj="securityNameSave"
        >
          Save
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}

interface Named {
  id: number;
  name: string;
}

function LinkPicker({
  role,
  kind,
  all,
  security,
  run,
  disabledReason,
}: {
  role: ApiRole;
  kind: 'policies' | 'rules';
  all: Named[];
  security: SecurityApi;
  run(what: string, call: () => Promise<unknown>): Promise<boolean>;
  disabledReason?: string;
}) {
  const linked = role[kind];
  const option = (entry: Named) => ({ label: entry.name, value: entry.id });
  return (
    <EuiComboBox
      aria-label={`${kind} of ${role.name}`}
      compressed
      placeholder={`No ${kind}`}
      isDisabled={disabledReason !== undefined}
      title={disabledReason}
      options={all.map(option)}
      selectedOptions={all.filter((entry) => linked.includes(entry.id)).map(option)}
      onChange={(options) => {
        const chosen = options.map((entry) => Number(entry.value));
        const added = chosen.find((id) => !linked.includes(id));
        const removed = linked.find((id) => !chosen.includes(id));
        const target = all.find((entry) => entry.id === (added ?? removed));
        if (target)
          void run(
            `${added !== undefined ? 'Added' : 'Removed'} ${target.name} ${added !== undefined ? 'to' : 'from'} ${role.name}`,
            () => security.linkRole(role, kind, target.id, added !== undefined),
          );
      }}
      data-test-subj={`securityRole-${kind}-${role.name}`}
    />
  );
}

function RoleRow({
  role,
  policies,
  rules,
  security,
  run,
}: {
  role: ApiRole;
  policies: ApiPolicy[];
  rules: ApiSecurityRule[];
  security: SecurityApi;
  run(what: string, call: () => Promise<unknown>): Promise<boolean>;
}) {
  const [renaming, setRenaming] = useState(false);
  const reserved = role.id <= MAX_RESERVED_ID;
  const update = usePermission([{ action: 'security:update', resource: `role:id:${role.id}` }]);
  const locked = reserved ? RESERVED_REASON : update.reason;
  const common = { role, security, run, disabledReason: locked };
  return (
    <div style={{ minWidth: 480 }}>
      <EuiFormRow label="Policies" display="rowCompressed">
        <LinkPicker {...common} kind="policies" all={policies} />
      </EuiFormRow>
      <EuiFormRow label="Mapping rules" display="rowCompressed">
        <LinkPicker {...common} kind="rules" all={rules} />
      </EuiFormRow>
      <EuiButtonEmpty
        size="xs"
        iconType="pencil"
        disabled={locked !== undefined}
        title={locked}
        onClick={() => setRenaming(true)}
        data-test-subj={`securityRename-${role.name}`}
      >
        Rename
      </EuiButtonEmpty>
      <PermittedButton
        size="s"
        color="danger"
        iconType="trash"
        disabled={reserved}
        required={[{ action: 'security:delete', resource: `role:id:${role.id}` }]}
        onClick={() => void run(`Deleted the role ${role.name}`, () => security.deleteRole(role))}
        data-test-subj={`securityDeleteRole-${role.name}`}
      >
        Delete
      </PermittedButton>
      {renaming && (
        <NameModal
          title={`Rename ${role.name}`}
          initial={role.name}
          onCancel={() => setRenaming(false)}
          onSave={(name) => {
            setRenaming(false);
            void run(`Renamed ${role.name} to ${name}`, () => security.renameRole(role, name));
          }}
        />
      )}
    </div>
  );
}

export function RolesTab({ host, security }: { host: ApiHost; security: SecurityApi }) {
  const { run, version } = useSecurityChange();
  const [creating, setCreating] = useState(false);
  const load = useCallback(
    (signal: AbortSignal) => Promise.all([security.policies(signal), security.rules(signal)]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version asks for a fresh read
    [security, version],
  );
  const [policies, rules] = useAsync(load, 'Loading policies and rules', 'security:read').state
    .data ?? [[], []];
  return (
    <>
      <ManagedApiTable<ApiRole>
        key={version}
        host={host}
        path="/security/roles"
        prefix="roles"
        action="security:read"
        what="roles"
        itemId="id"
        defaultSort="+id"
        searchFields={[{ name: 'name' }]}
        toolbar={
          <PermittedButton
            size="s"
            iconType="plus"
            required={[{ action: 'security:create', resource: '*:*:*' }]}
            onClick={() => setCreating(true)}
            data-test-subj="securityNewRole"
          >
            New role
          </PermittedButton>
        }
        columns={[
          { field: 'id', name: 'ID', width: '70px', sortable: true },
          {
            field: 'name',
            name: 'Role',
            sortable: true,
            render: (name: string, role: ApiRole) => (
              <>
                {name} {role.id <= MAX_RESERVED_ID && <EuiBadge color="hollow">reserved</EuiBadge>}
              </>
            ),
          },
          {
            name: 'Policies, rules and actions',
            render: (role: ApiRole) => (
              <RoleRow
                role={role}
                policies={policies}
                rules={rules}
                security={security}
                run={run}
              />
            ),
          },
        ]}
        data-test-subj="securityRoles"
      />
      {creating && (
        <NameModal
          title="New API role"
          initial=""
          onCancel={() => setCreating(false)}
          onSave={(name) => {
            setCreating(false);
            void run(`Created the role ${name}`, () => security.createRole(name));
          }}
        />
      )}
    </>
  );
}
