/**
 * Once a whole page is ticked and the filter has more agents than the page: says what is selected
 * and offers the other choice (every agent of the filter, or this page only).
 */
import { EuiLink, EuiSpacer, EuiText } from '@elastic/eui';
import { agentCount } from '../../../services/agent-bulk-actions';

export function SelectionScope({
  pageSize,
  total,
  wholeFilter,
  onWholeFilterChange,
}: {
  pageSize: number;
  total: number;
  wholeFilter: boolean;
  onWholeFilterChange(wholeFilter: boolean): void;
}) {
  return (
    <>
      <EuiText size="s" data-test-subj="selectionScope">
        {wholeFilter ? (
          <>
            All {agentCount(total)} matching this filter are selected.{' '}
            <EuiLink onClick={() => onWholeFilterChange(false)} data-test-subj="selectPageOnly">
              Select only this page
            </EuiLink>
          </>
        ) : (
          <>
            {agentCount(pageSize)} on this page are selected.{' '}
            <EuiLink onClick={() => onWholeFilterChange(true)} data-test-subj="selectWholeFilter">
              Select all {agentCount(total)} matching this filter
            </EuiLink>
          </>
        )}
      </EuiText>
      <EuiSpacer size="s" />
    </>
  );
}
