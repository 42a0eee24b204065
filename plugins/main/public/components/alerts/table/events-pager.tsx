/** Rows per page and page buttons under the events table (see events-paging.ts for how pages are asked). */
import {
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPagination,
  EuiSelect,
  EuiText,
} from '@elastic/eui';
import { useId } from 'react';
import type { AlertsTotal } from '../../../../common/alerts/api';
import {
  canGoNext,
  lastWindowPage,
  PAGE_SIZES,
  pageCount,
  type PagingState,
} from './events-paging';

export function EventsPager({
  paging,
  size,
  total,
  onPage,
  onSize,
}: {
  paging: PagingState;
  size: number;
  total: AlertsTotal;
  onPage(page: number): void;
  onSize(size: number): void;
}) {
  const sizeLabelId = useId();
  const pages = pageCount(total, size);
  const windowPages = Math.min(pages, lastWindowPage(size) + 1);
  const pastWindow = paging.page >= windowPages;
  const next = canGoNext(paging, size, total);
  const of =
    total.relation === 'gte'
      ? `more than ${pages.toLocaleString('en-US')}`
      : pages.toLocaleString('en-US');
  return (
    <EuiFlexGroup
      alignItems="center"
      justifyContent="spaceBetween"
      responsive={false}
      wrap
      data-test-subj="alertsPager"
    >
      <EuiFlexItem grow={false}>
        <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
          <EuiFlexItem grow={false}>
            <EuiText size="xs" id={sizeLabelId}>
              Rows per page
            </EuiText>
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiSelect
              compressed
              aria-labelledby={sizeLabelId}
              value={size}
              options={PAGE_SIZES.map((option) => ({ value: option, text: String(option) }))}
              onChange={(event) => onSize(Number(event.target.value))}
              data-test-subj="alertsPageSize"
            />
          </EuiFlexItem>
        </EuiFlexGroup>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiFlexGroup alignItems="center" gutterSize="s" responsive={false}>
          <EuiFlexItem grow={false}>
            <EuiText size="xs" color="subdued" data-test-subj="alertsPageNumber">
              Page {(paging.page + 1).toLocaleString('en-US')} of {of}
            </EuiText>
          </EuiFlexItem>
          {pastWindow ? (
            <EuiFlexItem grow={false}>
              <EuiButtonEmpty
                size="s"
                iconType="chevronSingleLeft"
                onClick={() => onPage(paging.page - 1)}
                data-test-subj="alertsPreviousPage"
              >
                Previous page
              </EuiButtonEmpty>
            </EuiFlexItem>
          ) : (
            <EuiFlexItem grow={false}>
              <EuiPagination
                aria-label="Pages of alerts"
                pageCount={windowPages}
                activePage={paging.page}
                onPageClick={onPage}
                data-test-subj="alertsPagination"
              />
            </EuiFlexItem>
          )}
          {(pastWindow || paging.page === windowPages - 1) && next && (
            <EuiFlexItem grow={false}>
              <EuiButtonEmpty
                size="s"
                iconType="chevronSingleRight"
                iconSide="right"
                onClick={() => onPage(paging.page + 1)}
                data-test-subj="alertsNextPage"
              >
                Next page
              </EuiButtonEmpty>
            </EuiFlexItem>
          )}
        </EuiFlexGroup>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
