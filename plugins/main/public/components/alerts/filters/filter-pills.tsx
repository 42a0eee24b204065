/**
 * The filter pills under the search bar: each opens a menu to include or exclude its results,
 * disable or enable it, or delete it (its cross deletes at once); "Add filter" opens the editor.
 * A view's own filters (a module's selection, a pinned agent) come first as locked pills: no menu,
 * no cross, a lock icon, because the view is defined by them.
 */
import {
  EuiBadge,
  EuiButtonEmpty,
  EuiContextMenuItem,
  EuiContextMenuPanel,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPopover,
} from '@elastic/eui';
import { useState } from 'react';
import type { AlertsField, AlertsFilter } from '../../../../common/alerts/api';
import { addFilter, describeFilter, removeFilter, updateFilter } from './alert-filters';
import { FilterEditor } from './filter-editor';

function FilterPill({
  filter,
  index,
  onChange,
  onRemove,
}: {
  filter: AlertsFilter;
  index: number;
  onChange(change: Partial<Pick<AlertsFilter, 'negate' | 'disabled'>>): void;
  onRemove(): void;
}) {
  const [open, setOpen] = useState(false);
  const label = describeFilter(filter);
  const state = filter.disabled ? ' (disabled)' : '';
  const act = (run: () => void) => () => {
    setOpen(false);
    run();
  };
  return (
    <EuiPopover
      isOpen={open}
      closePopover={() => setOpen(false)}
      panelPaddingSize="none"
      anchorPosition="downLeft"
      button={
        <EuiBadge
          color={filter.negate ? 'danger' : 'hollow'}
          iconType="cross"
          iconSide="right"
          iconOnClick={onRemove}
          iconOnClickAriaLabel={`Delete filter ${label}`}
          onClick={() => setOpen(!open)}
          onClickAriaLabel={`Edit filter ${label}${state}`}
          data-test-subj={`alertsFilterPill-${index}`}
          data-filter-disabled={filter.disabled ? 'true' : 'false'}
          data-filter-negate={filter.negate ? 'true' : 'false'}
          style={filter.disabled ? { textDecoration: 'line-through', opacity: 0.6 } : undefined}
        >
          {label}
        </EuiBadge>
      }
    >
      <EuiContextMenuPanel
        items={[
          <EuiContextMenuItem
            key="negate"
            icon={filter.negate ? 'filterInclude' : 'filterExclude'}
            onClick={act(() => onChange({ negate: !filter.negate }))}
            data-test-subj="alertsFilterNegate"
          >
            {filter.negate ? 'Include results' : 'Exclude results'}
          </EuiContextMenuItem>,
          <EuiContextMenuItem
            key="disable"
            icon={filter.disabled ? 'eye' : 'eyeSlash'}
            onClick={act(() => onChange({ disabled: !filter.disabled }))}
            data-test-subj="alertsFilterDisable"
          >
            {filter.disabled ? 'Re-enable' : 'Temporarily disable'}
          </EuiContextMenuItem>,
          <EuiContextMenuItem
            key="remove"
            icon="trash"
            onClick={act(onRemove)}
            data-test-subj="alertsFilterRemove"
          >
            Delete
          </EuiContextMenuItem>,
        ]}
      />
    </EuiPopover>
  );
}

function LockedPill({ filter, index }: { filter: AlertsFilter; index: number }) {
  const label = describeFilter(filter);
  return (
    <EuiBadge
      color="hollow"
      iconType="lock"
      iconSide="left"
      title={`${label} (set by this view)`}
      data-test-subj={`alertsLockedFilterPill-${index}`}
    >
      {label}
    </EuiBadge>
  );
}

export function FilterPills({
  filters,
  fields,
  onChange,
  locked = [],
}: {
  filters: AlertsFilter[];
  fields: AlertsField[];
  onChange(filters: AlertsFilter[]): void;
  /** Filters the view always applies, shown first and not editable. */
  locked?: AlertsFilter[];
}) {
  const [adding, setAdding] = useState(false);
  return (
    <EuiFlexGroup
      gutterSize="xs"
      wrap
      alignItems="center"
      responsive={false}
      data-test-subj="alertsFilterPills"
    >
      {locked.map((filter, index) => (
        <EuiFlexItem grow={false} key={`locked:${index}:${describeFilter(filter)}`}>
          <LockedPill filter={filter} index={index} />
        </EuiFlexItem>
      ))}
      {filters.map((filter, index) => (
        <EuiFlexItem grow={false} key={`${index}:${describeFilter(filter)}`}>
          <FilterPill
            filter={filter}
            index={index}
            onChange={(change) => onChange(updateFilter(filters, index, change))}
            onRemove={() => onChange(removeFilter(filters, index))}
          />
        </EuiFlexItem>
      ))}
      <EuiFlexItem grow={false}>
        <EuiPopover
          isOpen={adding}
          closePopover={() => setAdding(false)}
          anchorPosition="downLeft"
          button={
            <EuiButtonEmpty
              size="xs"
              iconType="plus"
              onClick={() => setAdding(!adding)}
              data-test-subj="alertsAddFilter"
            >
              Add filter
            </EuiButtonEmpty>
          }
        >
          {adding && (
            <FilterEditor
              fields={fields}
              onCancel={() => setAdding(false)}
              onSubmit={(filter) => {
                setAdding(false);
                onChange(addFilter(filters, filter));
              }}
            />
          )}
        </EuiPopover>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
