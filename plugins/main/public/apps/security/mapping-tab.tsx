import {
  EuiButton,
  EuiButtonEmpty,
  EuiButtonIcon,
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
  EuiPanel,
  EuiSelect,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import {
  type MappingField,
  type MappingForm,
  authContextOf,
  formFromRule,
  ruleFromForm,
  ruleHolds,
} from '../../../common/security-mapping';
import { PermittedButton } from '../../components/api-permissions';
import { ManagedApiTable } from '../../components/managed-api-table';
import { useAsync } from '../../hooks/use-async';
import {
  type ApiRole,
  type ApiSecurityRule,
  MAX_RESERVED_ID,
  type SecurityApi,
} from './security-api';
import { useSecurityChange } from './use-security-change';

const FIELD_LABELS: Record<MappingField, string> = {
  user_name: 'user name is',
  roles: 'role is',
};

function RuleModal({
  existing,
  onCancel,
  onSave,
}: {
  existing?: ApiSecurityRule;
  onCancel(): void;
  onSave(name: string, form: MappingForm): void;
}) {
  const [name, setName] = useState(existing?.name ?? '');
  const [form, setForm] = useState<MappingForm>(
    (existing && formFromRule(existing.rule)) ?? {
      combine: 'any',
      conditions: [{ field: 'user_name', value: '' }],
    },
  );
  const setCondition = (index: number, change: Partial<MappingForm['conditions'][number]>) =>
    setForm({
      ...form,
      conditions: form.conditions.map((condition, at) =>
        at === index ? { ...condition, ...change } : condition,
      ),
    });
  const ready = name !== '' && form.conditions.every((condition) => condition.value !== '');
  return (
    <EuiModal onClose={onCancel} style={{ width: 680 }} data-test-subj="securityRuleModal">
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          {existing ? `Edit ${existing.name}` : 'New mapping rule'}
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiFormRow label="Name">
          <EuiFieldText
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-test-subj="securityRuleName"
          />
        </EuiFormRow>
        <EuiFormRow label="A dashboard user matches when">
          <EuiSelect
            options={[
              { value: 'any', text: 'any of these holds' },
              { value: 'all', text: 'all of these hold' },
            ]}
            value={form.combine}
            onChange={(event) => setForm({ ...form, combine: event.target.value as 'any' | 'all' })}
            data-test-subj="securityRuleCombine"
          />
        </EuiFormRow>
        {form.conditions.map((condition, index) => (
          <EuiFlexGroup key={index} gutterSize="s" responsive={false} alignItems="center">
            <EuiFlexItem grow={false}>
              <EuiSelect
                options={Object.entries(FIELD_LABELS).map(([value, text]) => ({ value, text }))}
                value={condition.field}
                onChange={(event) =>
                  setCondition(index, { field: event.target.value as MappingField })
                }
                data-test-subj={`securityRuleField-${index}`}
              />
            </EuiFlexItem>
            <EuiFlexItem>
              <EuiFieldText
                value={condition.value}
                onChange={(event) => setCondition(index, { value: event.target.value })}
                data-test-subj={`securityRuleValue-${index}`}
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButtonIcon
                iconType="trash"
                aria-label="Remove the condition"
                disabled={form.conditions.length === 1}
                onClick={() =>
                  setForm({ ...form, conditions: form.conditions.filter((_, at) => at !== index) })
                }
              />
            </EuiFlexItem>
          </EuiFlexGroup>
        ))}
        <EuiButtonEmpty
          size="s"
          iconType="plus"
          onClick={() =>
            setForm({ ...form, conditions: [...form.conditions, { field: 'roles', value: '' }] })
          }
          data-test-subj="securityRuleAddCondition"
        >
          Add a condition
        </EuiButtonEmpty>
        <EuiSpacer size="s" />
        <EuiCodeBlock
          language="json"
          fontSize="s"
          paddingSize="s"
          data-test-subj="securityRuleJson"
        >
          {JSON.stringify(ruleFromForm(form), null, 2)}
        </EuiCodeBlock>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onCancel}>Cancel</EuiButtonEmpty>
        <EuiButton
          fill
          disabled={!ready}
          onClick={() => onSave(name, form)}
          data-test-subj="securityRuleSave"
        >
          Save
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}

/** Which API roles a dashboard user would get at a run_as login, from the rules as the API holds them. */
function Preview({ rules, roles }: { rules: ApiSecurityRule[]; roles: ApiRole[] }) {
  const [userName, setUserName] = useState('');
  const [dashboardRoles, setDashboardRoles] = useState<string[]>(['user']);
  const context = authContextOf(userName, dashboardRoles);
  const holding = new Set(
    rules.filter((rule) => ruleHolds(rule.rule, context)).map((rule) => rule.id),
  );
  const granted = roles.filter((role) => role.rules.some((id) => holding.has(id)));
  return (
    <EuiPanel hasBorder data-test-subj="securityMappingPreview">
      <EuiTitle size="xs">
        <h3>Preview</h3>
      </EuiTitle>
      <EuiFlexGroup gutterSize="s" wrap>
        <EuiFlexItem>
          <EuiFormRow label="Dashboard user name">
            <EuiFieldText
              value={userName}
              onChange={(event) => setUserName(event.target.value)}
              data-test-subj="securityPreviewUser"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiFormRow label="Dashboard roles">
            <EuiComboBox
              noSuggestions
              selectedOptions={dashboardRoles.map((label) => ({ label }))}
              onCreateOption={(label) => setDashboardRoles([...dashboardRoles, label])}
              onChange={(options) => setDashboardRoles(options.map((option) => option.label))}
              data-test-subj="securityPreviewRoles"
            />
          </EuiFormRow>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiText size="s" data-test-subj="securityPreviewResult">
        {granted.length === 0
          ? 'No API role: a run_as login of this user gets no permission.'
          : `API roles: ${granted.map((role) => role.name).join(', ')}`}
      </EuiText>
    </EuiPanel>
  );
}

export function MappingTab({ host, security }: { host: ApiHost; security: SecurityApi }) {
  const { run, version } = useSecurityChange();
  const [editing, setEditing] = useState<ApiSecurityRule | 'new'>();
  const load = useCallback(
    (signal: AbortSignal) => Promise.all([security.rules(signal), security.roles(signal)]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version asks for a fresh read
    [security, version],
  );
  const [rules, roles] = useAsync(load, 'Loading the mapping rules', 'security:read').state
    .data ?? [[], []];
  const roleNames = (rule: ApiSecurityRule) =>
    roles.filter((role) => rule.roles.includes(role.id)).map((role) => role.name);
  const save = async (name: string, form: MappingForm, existing?: ApiSecurityRule) =>
    run(`Saved the mapping rule ${name}`, () =>
      security.saveRule(name, ruleFromForm(form), existing),
    );
  return (
    <>
      <Preview rules={rules} roles={roles} />
      <EuiSpacer />
      <ManagedApiTable<ApiSecurityRule>
        key={version}
        host={host}
        path="/security/rules"
        prefix="rules"
        action="security:read"
        what="mapping rules"
        itemId="id"
        defaultSort="+id"
        searchFields={[{ name: 'name' }]}
        toolbar={
          <PermittedButton
            size="s"
            iconType="plus"
            required={[{ action: 'security:create', resource: '*:*:*' }]}
            onClick={() => setEditing('new')}
            data-test-subj="securityNewRule"
          >
            New mapping rule
          </PermittedButton>
        }
        columns={[
          { field: 'id', name: 'ID', width: '70px', sortable: true },
          { field: 'name', name: 'Rule', sortable: true },
          {
            name: 'Maps',
            render: (rule: ApiSecurityRule) => (
              <EuiCodeBlock language="json" fontSize="s" paddingSize="none" transparentBackground>
                {JSON.stringify(rule.rule)}
              </EuiCodeBlock>
            ),
          },
          {
            name: 'To API roles',
            render: (rule: ApiSecurityRule) => roleNames(rule).join(', ') || '–',
          },
          {
            name: 'Actions',
            width: '200px',
            render: (rule: ApiSecurityRule) =>
              rule.id <= MAX_RESERVED_ID ? null : (
                <EuiFlexGroup gutterSize="s" responsive={false}>
                  <PermittedButton
                    size="s"
                    iconType="pencil"
                    required={[{ action: 'security:update', resource: `rule:id:${rule.id}` }]}
                    onClick={() => setEditing(rule)}
                    data-test-subj={`securityEditRule-${rule.name}`}
                  >
                    Edit
                  </PermittedButton>
                  <PermittedButton
                    size="s"
                    color="danger"
                    iconType="trash"
                    required={[{ action: 'security:delete', resource: `rule:id:${rule.id}` }]}
                    onClick={() =>
                      void run(`Deleted the mapping rule ${rule.name}`, () =>
                        security.deleteRule(rule),
                      )
                    }
                    data-test-subj={`securityDeleteRule-${rule.name}`}
                  >
                    Delete
                  </PermittedButton>
                </EuiFlexGroup>
              ),
          },
        ]}
        data-test-subj="securityRules"
      />
      <EuiText size="xs" color="subdued">
        <p>Link a rule to API roles on the Roles tab (Mapping rules of a role).</p>
      </EuiText>
      {editing && (
        <RuleModal
          existing={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(undefined)}
          onSave={(name, form) => {
            const existing = editing === 'new' ? undefined : editing;
            setEditing(undefined);
            void save(name, form, existing);
          }}
        />
      )}
    </>
  );
}
