/**
 * The events table of alert views: EUI's data grid over one page of hits, columns chosen,
 * reordered and resized by the user, sorted by the server, cells with filter for / filter out
 * actions, and a button per row that opens the document.
 */
import {
  EuiButtonIcon,
  EuiDataGrid,
  EuiProgress,
  EuiScreenReaderOnly,
  type EuiDataGridCellValueElementProps,
  type EuiDataGridColumn,
  type EuiDataGridColumnCellActionProps,
  type EuiDataGridSorting,
} from '@elastic/eui';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { AlertHit, AlertsSort } from '../../../../common/alerts/api';
import { fieldValue, filterableValues, formatFieldValue } from './alert-fields';

/** The original's widths for the default columns, in pixels. */
const INITIAL_WIDTHS: Record<string, number> = {
  timestamp: 204,
  'agent.name': 200,
  'rule.level': 93,
  'rule.id': 93,
};

/** Row and chrome heights (px) the grid's height is computed from. */
const ROW_HEIGHT = 34;
const TOOLBAR_HEIGHT = 44;
const SCROLLBAR_HEIGHT = 18;
/** Past this the grid scrolls inside itself (100 rows a page would be 3,400 px). */
const MAX_HEIGHT = 'max(480px, 75vh)';

/**
 * The grid's height for `rows` rows. It is given, not left to the grid: EUI's grid sits in a box of
 * 100% of its parent's height, so in a page that grows with it the grid keeps growing frame after
 * frame.
 */
function gridHeight(rows: number): string {
  const pixels = TOOLBAR_HEIGHT + (Math.max(rows, 1) + 1) * ROW_HEIGHT + SCROLLBAR_HEIGHT;
  return `min(${pixels}px, ${MAX_HEIGHT})`;
}

export interface EventsTableProps {
  hits: AlertHit[];
  /** Shown columns, in order. */
  columns: string[];
  /** Every field the user may add as a column. */
  fields: string[];
  /** The fields the indexer can sort on (the server refuses any other). */
  sortableFields: string[];
  /** A request for these rows is under way. */
  isLoading?: boolean;
  widths: Record<string, number>;
  sort: AlertsSort[];
  onSortChange(sort: AlertsSort[]): void;
  onColumnsChange(columns: string[]): void;
  onColumnResize(column: string, width: number): void;
  onFilter(field: string, value: string | number | boolean, negate: boolean): void;
  onOpen(hit: AlertHit): void;
  /** A link for a cell (agent view, rule), or undefined for plain text. */
  renderLink?(field: string, hit: AlertHit, text: string): ReactNode | undefined;
}

function cellFilterAction(
  negate: boolean,
  hits: AlertHit[],
  onFilter: EventsTableProps['onFilter'],
) {
  function CellFilterAction({ rowIndex, columnId, Component }: EuiDataGridColumnCellActionProps) {
    const hit = hits[rowIndex];
    const value = hit ? filterableValues(fieldValue(hit._source, columnId))[0] : undefined;
    if (value === undefined) return null;
    const label = `${negate ? 'Filter out' : 'Filter for'} ${columnId}: ${String(value)}`;
    return (
      <Component
        iconType={negate ? 'magnifyMinus' : 'magnifyPlus'}
        aria-label={label}
        title={label}
        onClick={() => onFilter(columnId, value, negate)}
        data-test-subj={negate ? 'alertsCellFilterOut' : 'alertsCellFilterFor'}
      >
        {negate ? 'Filter out' : 'Filter for'}
      </Component>
    );
  }
  return CellFilterAction;
}

export function EventsTable({
  hits,
  columns,
  fields,
  sortableFields,
  isLoading = false,
  widths,
  sort,
  onSortChange,
  onColumnsChange,
  onColumnResize,
  onFilter,
  onOpen,
  renderLink,
}: EventsTableProps) {
  const cellActions = useMemo(
    () => [cellFilterAction(false, hits, onFilter), cellFilterAction(true, hits, onFilter)],
    [hits, onFilter],
  );
  const gridColumns = useMemo<EuiDataGridColumn[]>(() => {
    // The grid drops a sort on a column it does not know: the sorted fields are columns too.
    const ids = [...new Set([...columns, ...sort.map((entry) => entry.field), ...fields])];
    return ids.map((id) => ({
      id,
      displayAsText: id,
      initialWidth: widths[id] ?? INITIAL_WIDTHS[id],
      isSortable: sortableFields.includes(id),
      cellActions,
      actions: { showHide: { label: 'Remove column' } },
    }));
  }, [columns, fields, sort, sortableFields, widths, cellActions]);

  const sorting = useMemo<EuiDataGridSorting>(
    () => ({
      columns: sort.map((entry) => ({ id: entry.field, direction: entry.direction })),
      onSort: (next) =>
        onSortChange(next.map((entry) => ({ field: entry.id, direction: entry.direction }))),
    }),
    [sort, onSortChange],
  );

  const renderCellValue = useCallback(
    ({ rowIndex, columnId }: EuiDataGridCellValueElementProps) => {
      const hit = hits[rowIndex];
      if (!hit) return null;
      const text = formatFieldValue(columnId, fieldValue(hit._source, columnId));
      return renderLink?.(columnId, hit, text) ?? text;
    },
    [hits, renderLink],
  );

  const leadingControlColumns = useMemo(
    () => [
      {
        id: 'inspect',
        width: 40,
        headerCellRender: () => (
          <EuiScreenReaderOnly>
            <span>Inspect</span>
          </EuiScreenReaderOnly>
        ),
        rowCellRender: ({ rowIndex }: EuiDataGridCellValueElementProps) => (
          <EuiButtonIcon
            iconType="inspect"
            aria-label="Inspect document details"
            onClick={() => hits[rowIndex] && onOpen(hits[rowIndex])}
            data-test-subj="alertsInspectRow"
          />
        ),
      },
    ],
    [hits, onOpen],
  );

  return (
    // EUI's grid wraps itself in a box of 100% height: this box gives that height.
    <div
      style={{ height: gridHeight(hits.length), position: 'relative' }}
      data-test-subj="alertsEventsTableBox"
    >
      {isLoading && (
        <EuiProgress size="xs" color="accent" position="absolute" data-test-subj="alertsLoading" />
      )}
      <EuiDataGrid
        aria-label="Alerts"
        data-test-subj="alertsEventsTable"
        columns={gridColumns}
        columnVisibility={{ visibleColumns: columns, setVisibleColumns: onColumnsChange }}
        rowCount={hits.length}
        renderCellValue={renderCellValue}
        sorting={sorting}
        leadingControlColumns={leadingControlColumns}
        onColumnResize={({ columnId, width }) => onColumnResize(columnId, width)}
        toolbarVisibility={{
          showColumnSelector: { allowHide: true, allowReorder: true },
          showSortSelector: true,
          showDisplaySelector: false,
          showFullScreenSelector: false,
          showKeyboardShortcuts: true,
        }}
        gridStyle={{ border: 'horizontal', header: 'underline', stripes: true, fontSize: 's' }}
        rowHeightsOptions={{ defaultHeight: ROW_HEIGHT }}
        height="100%"
      />
    </div>
  );
}
