import { EuiBadge, EuiFieldText, EuiFormRow, type EuiBasicTableColumn } from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { formatList } from '../../components/format';
import { ItemFlyout } from '../../components/item-flyout';
import { ManagedApiTable } from '../../components/managed-api-table';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Rule } from '../../services/managed-api-types';
import type { SearchField } from '../../query-languages/types';

const RULE_FIELDS: SearchField[] = [
  { name: 'id', description: 'rule ID' },
  { name: 'level', description: 'alert level 0–15' },
  { name: 'description' },
  { name: 'filename', description: 'rule file' },
  { name: 'relative_dirname', description: 'folder of the file' },
  { name: 'status', values: ['enabled', 'disabled'] },
  { name: 'groups', description: 'rule group' },
  { name: 'pci_dss' },
  { name: 'gdpr' },
  { name: 'hipaa' },
  { name: 'nist_800_53' },
  { name: 'tsc' },
  { name: 'mitre', description: 'MITRE ATT&CK technique' },
];

/** `5710, 5712` → `5710,5712`; undefined when empty, a message when something is not a rule id. */
function parseRuleIds(text: string): { ids?: string; problem?: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return {};
  const bad = parts.find((part) => !/^[1-9]\d*$/.test(part));
  return bad
    ? { problem: `"${bad}" is not a rule ID (a positive whole number)` }
    : { ids: parts.join(',') };
}

function RuleIdsFilter() {
  const { params, setParams } = useAppUrlState();
  const current = params.get('rule_ids') ?? '';
  const [draft, setDraft] = useState(current);
  const { problem } = parseRuleIds(draft);
  return (
    <EuiFormRow label="Rule IDs" display="columnCompressed" isInvalid={!!problem} error={problem}>
      <EuiFieldText
        compressed
        placeholder="e.g. 5710, 5712"
        value={draft}
        isInvalid={!!problem}
        data-test-subj="ruleIdsFilter"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          const parsed = parseRuleIds(draft);
          if (event.key === 'Enter' && !parsed.problem)
            setParams({ rule_ids: parsed.ids, page: undefined }, { push: true });
        }}
      />
    </EuiFormRow>
  );
}

export function RulesTable({ host }: { host: ApiHost }) {
  const { params, setParams } = useAppUrlState();
  const ruleIds = params.get('rule_ids') ?? undefined;
  const [selected, setSelected] = useState<Rule>();
  const columns: Array<EuiBasicTableColumn<Rule>> = [
    { field: 'id', name: 'ID', sortable: true, width: '90px' },
    { field: 'description', name: 'Description', sortable: true, truncateText: true },
    {
      field: 'level',
      name: 'Level',
      sortable: true,
      width: '80px',
      render: (level: number) => (
        <EuiBadge color={level >= 12 ? 'danger' : level >= 7 ? 'warning' : 'hollow'}>
          {level}
        </EuiBadge>
      ),
    },
    { field: 'groups', name: 'Groups', render: (groups: string[]) => formatList(groups) },
    { field: 'filename', name: 'File', sortable: true },
    { field: 'status', name: 'Status', sortable: true, width: '100px' },
  ];
  const open = (rule: Rule) => {
    setSelected(rule);
    setParams({ rule: rule.id }, { push: true });
  };
  const openId = params.get('rule');
  const shown = selected && String(selected.id) === openId ? selected : undefined;
  return (
    <>
      <ManagedApiTable<Rule>
        host={host}
        path="/rules"
        columns={columns}
        searchFields={RULE_FIELDS}
        defaultSort="+id"
        query={{ rule_ids: ruleIds }}
        action="rules:read"
        what="rules"
        itemId="id"
        onItemClick={open}
        toolbar={<RuleIdsFilter key={ruleIds ?? ''} />}
        data-test-subj="rulesTable"
      />
      {openId && !shown && (
        <RuleById host={host} id={openId} onClose={() => setParams({ rule: undefined })} />
      )}
      {shown && <RuleFlyout rule={shown} onClose={() => setParams({ rule: undefined })} />}
    </>
  );
}

function RuleFlyout({ rule, onClose }: { rule: Rule; onClose(): void }) {
  return (
    <ItemFlyout
      title={`Rule ${rule.id}`}
      data-test-subj="ruleDetail"
      onClose={onClose}
      raw={rule}
      fields={[
        { title: 'Description', description: rule.description },
        { title: 'Level', description: String(rule.level) },
        { title: 'File', description: `${rule.relative_dirname}/${rule.filename}` },
        { title: 'Status', description: rule.status },
        { title: 'Groups', description: formatList(rule.groups) },
        { title: 'PCI DSS', description: formatList(rule.pci_dss) },
        { title: 'GDPR', description: formatList(rule.gdpr) },
        { title: 'HIPAA', description: formatList(rule.hipaa) },
        { title: 'NIST 800-53', description: formatList(rule.nist_800_53) },
        { title: 'TSC', description: formatList(rule.tsc) },
        { title: 'MITRE ATT&CK', description: formatList(rule.mitre) },
      ]}
    />
  );
}

/** A rule opened from a link (`?rule=5710`): read on its own, as it may not be on the page shown. */
function RuleById({ host, id, onClose }: { host: ApiHost; id: string; onClose(): void }) {
  const { api } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Rule>({
        apiHostId: host.id,
        path: '/rules',
        query: { rule_ids: id },
        signal,
        action: 'rules:read',
      }),
    [api, host.id, id],
  );
  const rule = useAsync(load, `Loading rule ${id}`, 'rules:read').state.data?.items[0];
  return rule ? <RuleFlyout rule={rule} onClose={onClose} /> : null;
}
