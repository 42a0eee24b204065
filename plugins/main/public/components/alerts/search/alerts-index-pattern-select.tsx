/**
 * The original's index-pattern selector: which of the alerts index patterns an administrator
 * allowed the view reads (the page shows it only when there is a choice).
 */
import { EuiSelect } from '@elastic/eui';
import type { AlertsIndexPatterns } from '../state/use-alerts-index-patterns';

export function AlertsIndexPatternSelect({ patterns }: { patterns: AlertsIndexPatterns }) {
  return (
    <EuiSelect
      compressed
      prepend="Index pattern"
      aria-label="Alerts index pattern"
      options={patterns.options.map((pattern) => ({ value: pattern, text: pattern }))}
      value={patterns.chosen}
      onChange={(event) => patterns.choose(event.target.value)}
      data-test-subj="alertsIndexPatternSelect"
    />
  );
}
