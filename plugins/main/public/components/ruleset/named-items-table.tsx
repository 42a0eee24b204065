/**
 * A short list of named things the managed API keeps (CDB lists, groups): a button for a new one,
 * then the table, where a name opens its item and a row's trash asks to delete it.
 */
import {
  EuiBasicTable,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback } from 'react';
import { type AsyncResult, useAsync } from '../../hooks/use-async';
import type { Page } from '../../services/managed-api';
import { type PermissionVerdict, withReason } from '../api-permissions';
import { ErrorPrompt } from '../error-prompt';
import { useSvcServices } from '../services-context';
import { NewButton } from './name-modal';

/** Every item at once: these lists are short, and a page of 500 is the API's own default limit. */
const ALL_AT_ONCE = 500;

export function useNamedItems<T>(
  apiHostId: string,
  path: string,
  action: string,
  what: string,
): AsyncResult<Page<T>> {
  const { api } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<T>({ apiHostId, path, query: { limit: ALL_AT_ONCE }, signal, action }),
    [api, apiHostId, path, action],
  );
  return useAsync(load, `Reading ${what}`, action);
}

/**
 * The page without the item named `name`: what a deletion leaves, shown while the list is read
 * again instead of the deleted item.
 */
export function withoutNamed<T>(nameField: keyof T, name: string): (page: Page<T>) => Page<T> {
  return (page) => {
    const items = page.items.filter((item) => item[nameField] !== name);
    return { items, total: page.total - (page.items.length - items.length) };
  };
}

export function NamedItemsTable<T extends object>({
  result,
  nameField,
  nameTitle,
  columns,
  creation,
  deletion,
  deletable = () => true,
  onOpen,
  onDelete,
  onNew,
  newLabel,
  noun,
  'data-test-subj': testSubj,
}: {
  result: AsyncResult<Page<T>>;
  nameField: keyof T & string;
  nameTitle: string;
  /** Columns after the name. */
  columns: Array<EuiBasicTableColumn<T>>;
  /** Whether the user may create an item, and may delete this one (with the reason when not). */
  creation: PermissionVerdict;
  deletion(item: T): PermissionVerdict;
  deletable?(item: T): boolean;
  onOpen(name: string): void;
  onDelete(item: T): void;
  onNew(): void;
  newLabel: string;
  /** Names the item in test subjects and descriptions: `CdbList` → `openCdbList-<name>`. */
  noun: { subj: string; text: string };
  'data-test-subj': string;
}) {
  const { state, reload } = result;
  const allColumns: Array<EuiBasicTableColumn<T>> = [
    {
      field: nameField,
      name: nameTitle,
      sortable: true,
      render: (name: string) => (
        <EuiButtonEmpty
          size="xs"
          flush="left"
          onClick={() => onOpen(name)}
          data-test-subj={`open${noun.subj}-${name}`}
        >
          {name}
        </EuiButtonEmpty>
      ),
    },
    ...columns,
    {
      name: 'Actions',
      width: '90px',
      actions: [
        {
          // A disabled action shows no tooltip: its name carries the reason.
          name: (item: T) => withReason('Delete', deletion(item)),
          description: `Delete this ${noun.text}`,
          icon: 'trash',
          type: 'icon',
          color: 'danger',
          available: deletable,
          enabled: (item: T) => deletion(item).allowed,
          onClick: onDelete,
          'data-test-subj': `delete${noun.subj}Row`,
        },
      ],
    },
  ];
  return (
    <>
      <EuiFlexGroup justifyContent="flexEnd" responsive={false}>
        <EuiFlexItem grow={false}>
          <NewButton verdict={creation} onClick={onNew} data-test-subj={`new${noun.subj}`}>
            {newLabel}
          </NewButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {state.status === 'error' && !state.data ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : (
        <EuiBasicTable<T>
          items={state.data?.items ?? []}
          columns={allColumns}
          loading={state.status === 'loading'}
          data-test-subj={testSubj}
        />
      )}
    </>
  );
}
