/** "1,234 hits", or "More than 10,000 hits" when the indexer stopped counting (`relation: gte`). */
import { EuiText } from '@elastic/eui';
import type { AlertsTotal } from '../../../../common/alerts/api';

function describeHits(total: AlertsTotal): string {
  const figure = total.value.toLocaleString('en-US');
  const noun = total.value === 1 && total.relation === 'eq' ? 'hit' : 'hits';
  return total.relation === 'gte' ? `More than ${figure} ${noun}` : `${figure} ${noun}`;
}

export function HitsCount({ total }: { total?: AlertsTotal }) {
  return (
    <EuiText size="s" data-test-subj="alertsHits" aria-live="polite">
      <strong>{total ? describeHits(total) : 'Counting hits…'}</strong>
    </EuiText>
  );
}
