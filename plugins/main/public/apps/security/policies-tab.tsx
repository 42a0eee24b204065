import {
  EuiBadge,
  EuiButton,
  EuiButtonEmpty,
  EuiCodeBlock,
  EuiComboBox,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSelect,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { PermittedButton } from '../../components/api-permissions';
import { ManagedApiTable } from '../../components/managed-api-table';
import { useAsync } from '../../hooks/use-async';
import {
  type ActionCatalogue,
  type ApiPolicy,
  MAX_RESERVED_ID,
  type PolicyBody,
  type SecurityApi,
} from './security-api';
import { useSecurityChange } from './use-security-change';

/** Resource types every chosen action applies to (the API's catalogue), in the first action's order. */
function sharedResourceTypes(catalogue: ActionCatalogue, actions: readonly string[]): string[] {
  if (actions.length === 0) return [];
  const [first, ...rest] = actions.map((action) => catalogue[action]?.resources ?? []);
  return first.filter((type) => rest.every((types) => types.includes(type)));
}

/** `*:*` is the resourceless type, whose only resource is `*:*:*`. */
function resourceOf(type: string, value: string): string {
  return type === '*:*' ? '*:*:*' : `${type}:${value === '' ? '*' : value}`;
}

function PolicyModal({
  catalogue,
  existing,
  onCancel,
  onSave,
}: {
  catalogue: ActionCatalogue;
  existing?: ApiPolicy;
  onCancel(): void;
  onSave(name: string, policy: PolicyBody): void;
}) {
  const [name, setName] = useState(existing?.name ?? '');
  const [actions, setActions] = useState<string[]>(existing?.policy.actions ?? []);
  const [resources, setResources] = useState<string[]>(existing?.policy.resources ?? []);
  const [effect, setEffect] = useState<'allow' | 'deny'>(existing?.policy.effect ?? 'allow');
  const types = sharedResourceTypes(catalogue, actions);
  const [type, setType] = useState('');
  const [value, setValue] = useState('*');
  const chosenType = types.includes(type) ? type : (types[0] ?? '');
  const policy: PolicyBody = { actions, resources, effect };
  const ready = name !== '' && actions.length > 0 && resources.length > 0;
  return (
    <EuiModal onClose={onCancel} style={{ width: 720 }} data-test-subj="securityPolicyModal">
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          {existing ? `Edit ${existing.name}` : 'New policy'}
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiFormRow label="Name">
          <EuiFieldText
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-test-subj="securityPolicyName"
          />
        </EuiFormRow>
        <EuiFormRow label="Actions" helpText="From the API's catalogue (GET /security/actions)">
          <EuiComboBox
            options={Object.keys(catalogue)
              .sort()
              .map((label) => ({ label }))}
            selectedOptions={actions.map((label) => ({ label }))}
            onChange={(options) => setActions(options.map((option) => option.label))}
            data-test-subj="securityPolicyActions"
          />
        </EuiFormRow>
        <EuiFormRow
          label="Add a resource"
          helpText={
            actions.length > 0 && types.length === 0
              ? 'These actions share no resource type: keep to actions of one kind.'
              : 'A type the chosen actions apply to, and an id or name (* for all)'
          }
        >
          <EuiFlexGroup gutterSize="s" responsive={false}>
            <EuiFlexItem>
              <EuiSelect
                options={types.map((text) => ({ value: text, text }))}
                value={chosenType}
                onChange={(event) => setType(event.target.value)}
                disabled={types.length === 0}
                data-test-subj="securityPolicyResourceType"
              />
            </EuiFlexItem>
            <EuiFlexItem>
              <EuiFieldText
                value={chosenType === '*:*' ? '*' : value}
                disabled={chosenType === '*:*' || types.length === 0}
                onChange={(event) => setValue(event.target.value)}
                data-test-subj="securityPolicyResourceValue"
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                size="s"
                disabled={types.length === 0}
                onClick={() => {
                  const resource = resourceOf(chosenType, value);
                  if (!resources.includes(resource)) setResources([...resources, resource]);
                }}
                data-test-subj="securityPolicyAddResource"
              >
                Add
              </EuiButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFormRow>
        <EuiFormRow label="Resources">
          <EuiComboBox
            noSuggestions
            selectedOptions={resources.map((label) => ({ label }))}
            onChange={(options) => setResources(options.map((option) => option.label))}
            data-test-subj="securityPolicyResources"
          />
        </EuiFormRow>
        <EuiFormRow label="Effect">
          <EuiSelect
            options={[
              { value: 'allow', text: 'allow' },
              { value: 'deny', text: 'deny' },
            ]}
            value={effect}
            onChange={(event) => setEffect(event.target.value as 'allow' | 'deny')}
            data-test-subj="securityPolicyEffect"
          />
        </EuiFormRow>
        <EuiCodeBlock language="json" fontSize="s" paddingSize="s">
          {JSON.stringify(policy, null, 2)}
        </EuiCodeBlock>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onCancel}>Cancel</EuiButtonEmpty>
        <EuiButton
          fill
          disabled={!ready}
          onClick={() => onSave(name, policy)}
          data-test-subj="securityPolicySave"
        >
          Save
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}

export function PoliciesTab({ host, security }: { host: ApiHost; security: SecurityApi }) {
  const { run, version } = useSecurityChange();
  const [editing, setEditing] = useState<ApiPolicy | 'new'>();
  const loadCatalogue = useCallback((signal: AbortSignal) => security.actions(signal), [security]);
  const catalogue = useAsync(loadCatalogue, 'Loading the RBAC actions', 'security:read_config')
    .state.data;
  return (
    <>
      <ManagedApiTable<ApiPolicy>
        key={version}
        host={host}
        path="/security/policies"
        prefix="policies"
        action="security:read"
        what="policies"
        itemId="id"
        defaultSort="+id"
        searchFields={[{ name: 'name' }]}
        toolbar={
          <PermittedButton
            size="s"
            iconType="plus"
            disabled={!catalogue}
            required={[
              { action: 'security:create', resource: '*:*:*' },
              { action: 'security:read_config', resource: '*:*:*' },
            ]}
            onClick={() => setEditing('new')}
            data-test-subj="securityNewPolicy"
          >
            New policy
          </PermittedButton>
        }
        columns={[
          { field: 'id', name: 'ID', width: '70px', sortable: true },
          {
            field: 'name',
            name: 'Policy',
            sortable: true,
            render: (name: string, policy: ApiPolicy) => (
              <>
                {name}{' '}
                {policy.id <= MAX_RESERVED_ID && <EuiBadge color="hollow">reserved</EuiBadge>}
              </>
            ),
          },
          { name: 'Actions', render: (policy: ApiPolicy) => policy.policy.actions.join(', ') },
          { name: 'Resources', render: (policy: ApiPolicy) => policy.policy.resources.join(', ') },
          { name: 'Effect', width: '80px', render: (policy: ApiPolicy) => policy.policy.effect },
          {
            name: 'Actions',
            width: '200px',
            render: (policy: ApiPolicy) =>
              policy.id <= MAX_RESERVED_ID ? null : (
                <EuiFlexGroup gutterSize="s" responsive={false}>
                  <PermittedButton
                    size="s"
                    iconType="pencil"
                    disabled={!catalogue}
                    required={[{ action: 'security:update', resource: `policy:id:${policy.id}` }]}
                    onClick={() => setEditing(policy)}
                    data-test-subj={`securityEditPolicy-${policy.name}`}
                  >
                    Edit
                  </PermittedButton>
                  <PermittedButton
                    size="s"
                    color="danger"
                    iconType="trash"
                    required={[{ action: 'security:delete', resource: `policy:id:${policy.id}` }]}
                    onClick={() =>
                      void run(`Deleted the policy ${policy.name}`, () =>
                        security.deletePolicy(policy),
                      )
                    }
                    data-test-subj={`securityDeletePolicy-${policy.name}`}
                  >
                    Delete
                  </PermittedButton>
                </EuiFlexGroup>
              ),
          },
        ]}
        data-test-subj="securityPolicies"
      />
      {editing && catalogue && (
        <PolicyModal
          catalogue={catalogue}
          existing={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSave={(name, policy) => {
            const existing = editing === 'new' ? undefined : editing;
            setEditing(undefined);
            void run(`Saved the policy ${name}`, () => security.savePolicy(name, policy, existing));
          }}
        />
      )}
    </>
  );
}
