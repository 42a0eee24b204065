/** The Agents table's status buttons and the URL parameter they keep (`status=active,pending`). */
import { EuiButtonGroup } from '@elastic/eui';
import { AGENT_STATUSES, AGENT_STATUS_LABELS } from '../../../services/managed-api-types';

/** The known statuses of the URL's `status` parameter, comma-separated. */
export function statusFilter(value: string | null): string {
  return (value ?? '')
    .split(',')
    .filter((status) => (AGENT_STATUSES as string[]).includes(status))
    .join(',');
}

/** Status buttons: any number of them narrows the list to those statuses. */
export function StatusFilter({
  selected,
  onChange,
}: {
  selected: string;
  onChange(statuses: string): void;
}) {
  const statuses = selected === '' ? [] : selected.split(',');
  return (
    <EuiButtonGroup
      legend="Status"
      type="multi"
      buttonSize="compressed"
      options={AGENT_STATUSES.map((status) => ({
        id: status,
        label: AGENT_STATUS_LABELS[status],
        'data-test-subj': `statusFilter-${status}`,
      }))}
      idToSelectedMap={Object.fromEntries(statuses.map((status) => [status, true]))}
      onChange={(id) =>
        onChange(
          (statuses.includes(id)
            ? statuses.filter((status) => status !== id)
            : [...statuses, id]
          ).join(','),
        )
      }
    />
  );
}
