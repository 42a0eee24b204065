/**
 * The events of a selection as every alerts view shows them: the hits count and histogram (answered
 * with the page by one search request, see `useAlertsPage`), CSV export, the events table with its
 * pager and the document flyout. It draws the page it is given; the view's engine asks for it.
 */
import { EuiFlexGroup, EuiFlexItem, EuiLink, EuiPanel, EuiSpacer } from '@elastic/eui';
import { useCallback, useState, type ReactNode } from 'react';
import type {
  AlertHit,
  AlertsSelection,
  AlertsSort,
  AlertsTimeRange,
} from '../../../../common/alerts/api';
import { AgentLink } from '../../agent-link';
import { HOST_URL_PARAM } from '../../selected-host';
import { useSvcServices } from '../../services-context';
import { fieldValue } from './alert-fields';
import { AlertsCsvButton } from './alerts-csv-button';
import { AlertsProblem } from '../notices/alerts-problem';
import { DocumentFlyout } from './document-flyout';
import { EventsPager } from './events-pager';
import { EventsTable } from './events-table';
import { bucketRange, type AlertsPage } from '../state/use-alerts-page';
import { HitsCount } from './hits-count';
import { TimeBarsChart } from '../charts/time-bars-chart';
import { useTableLayout } from './use-table-layout';

const RULES_APP_ID = 'svc-rules';

export interface AlertsEventsProps {
  selection: AlertsSelection;
  /** The page the view's engine asked for. */
  page: AlertsPage;
  /** The table's default columns. */
  columns: string[];
  /** Where the user's columns and widths are kept (per view). */
  layoutKey: string;
  /** Every field the user may add as a column. */
  fieldNames: string[];
  /** The fields the indexer can sort on (the server refuses any other). */
  sortableFields: string[];
  sort: AlertsSort[];
  size: number;
  onSortChange(sort: AlertsSort[]): void;
  onSizeChange(size: number): void;
  onFilter(field: string, value: string | number | boolean, negate: boolean): void;
  onExists(field: string): void;
  /** A view's own links in cells (before the agent and rule links every view has). */
  linkFor?(field: string, hit: AlertHit, text: string): ReactNode | undefined;
  /** Whether the page came with the events histogram (documents with a time field). */
  showsHistogram?: boolean;
  /** A click on a histogram bar, with the time it covers (the view narrows its range to it). */
  onHistogramBar?(range: AlertsTimeRange): void;
}

export function AlertsEvents({
  selection,
  page,
  columns,
  layoutKey,
  fieldNames,
  sortableFields,
  sort,
  size,
  onSortChange,
  onSizeChange,
  onFilter,
  onExists,
  showsHistogram = true,
  onHistogramBar,
  linkFor,
}: AlertsEventsProps) {
  const { core } = useSvcServices();
  const { layout, setColumns, setWidth } = useTableLayout(layoutKey, columns);
  const [opened, setOpened] = useState<AlertHit>();
  const { answer, histogram, paging, state } = page;
  const total = answer?.total;

  const renderLink = useCallback(
    (field: string, hit: AlertHit, text: string) => {
      const own = linkFor?.(field, hit, text);
      if (own) return own;
      if (field === 'agent.name' || field === 'agent.id') {
        const agentId = fieldValue(hit._source, 'agent.id');
        if (typeof agentId !== 'string' || agentId === '000') return undefined;
        return (
          <AgentLink agentId={agentId} apiHostId={selection.apiHostId}>
            {text}
          </AgentLink>
        );
      }
      if (field === 'rule.id' && text !== '–') {
        const href = core.application.getUrlForApp(RULES_APP_ID, {
          path: `?${HOST_URL_PARAM}=${encodeURIComponent(selection.apiHostId)}&rule=${encodeURIComponent(text)}`,
        });
        return (
          <EuiLink href={href} data-test-subj="alertsRuleLink">
            {text}
          </EuiLink>
        );
      }
      return undefined;
    },
    [core, selection.apiHostId, linkFor],
  );

  return (
    <div data-test-subj="alertsEvents">
      {state.error && (
        <>
          <AlertsProblem error={state.error} onRetry={page.reload} />
          <EuiSpacer size="m" />
        </>
      )}
      <EuiPanel hasBorder paddingSize="m">
        <EuiFlexGroup justifyContent="spaceBetween" alignItems="center" responsive={false}>
          <EuiFlexItem grow={false}>
            <HitsCount total={total} />
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <AlertsCsvButton
              request={{ ...selection, columns: layout.columns, sort }}
              expectedRows={total?.relation === 'eq' ? total.value : undefined}
            />
          </EuiFlexItem>
        </EuiFlexGroup>
        {showsHistogram && (
          <>
            <EuiSpacer size="s" />
            <TimeBarsChart
              id="alertsHistogram"
              title="Events histogram"
              buckets={histogram}
              onBarClick={
                onHistogramBar && ((bucket) => onHistogramBar(bucketRange(histogram, bucket)))
              }
            />
          </>
        )}
      </EuiPanel>
      <EuiSpacer size="m" />
      <EventsTable
        hits={answer?.hits ?? []}
        isLoading={state.status === 'loading'}
        columns={layout.columns}
        fields={fieldNames}
        sortableFields={sortableFields}
        widths={layout.widths}
        sort={sort}
        onSortChange={onSortChange}
        onColumnsChange={setColumns}
        onColumnResize={setWidth}
        onFilter={onFilter}
        onOpen={setOpened}
        renderLink={renderLink}
      />
      <EuiSpacer size="s" />
      {total && (
        <EventsPager
          paging={paging}
          size={size}
          total={total}
          onPage={page.goTo}
          onSize={onSizeChange}
        />
      )}
      {opened && (
        <DocumentFlyout
          hit={opened}
          onClose={() => setOpened(undefined)}
          actions={{ onFilter, onExists }}
        />
      )}
    </div>
  );
}
