/**
 * "Document details" of one alert: Table (every field flattened and sorted, with filter for, filter
 * out and exists buttons) and JSON (the whole hit, with a copy button).
 */
import {
  EuiButtonIcon,
  EuiCodeBlock,
  EuiFlexGroup,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiInMemoryTable,
  EuiSpacer,
  EuiTab,
  EuiTabs,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useId, useMemo, useState } from 'react';
import type { AlertHit } from '../../../../common/alerts/api';
import { filterableValues, flattenAlert, formatFieldValue } from './alert-fields';

interface FieldRow {
  field: string;
  value: unknown;
  text: string;
}

export interface DocumentFilterActions {
  onFilter(field: string, value: string | number | boolean, negate: boolean): void;
  onExists(field: string): void;
}

function FieldActions({ row, actions }: { row: FieldRow; actions: DocumentFilterActions }) {
  const values = filterableValues(row.value);
  // An array filters on its first value, as a cell of the table does.
  const value = values[0];
  return (
    <EuiFlexGroup gutterSize="none" responsive={false}>
      <EuiButtonIcon
        iconType="magnifyPlus"
        aria-label={`Filter for ${row.field}: ${row.text}`}
        isDisabled={value === undefined}
        onClick={() => value !== undefined && actions.onFilter(row.field, value, false)}
        data-test-subj={`docFilterFor-${row.field}`}
      />
      <EuiButtonIcon
        iconType="magnifyMinus"
        aria-label={`Filter out ${row.field}: ${row.text}`}
        isDisabled={value === undefined}
        onClick={() => value !== undefined && actions.onFilter(row.field, value, true)}
        data-test-subj={`docFilterOut-${row.field}`}
      />
      <EuiButtonIcon
        iconType="filter"
        aria-label={`Filter for alerts that have ${row.field}`}
        onClick={() => actions.onExists(row.field)}
        data-test-subj={`docFilterExists-${row.field}`}
      />
    </EuiFlexGroup>
  );
}

export function DocumentFlyout({
  hit,
  actions,
  onClose,
}: {
  hit: AlertHit;
  actions: DocumentFilterActions;
  onClose(): void;
}) {
  const titleId = useId();
  const [tab, setTab] = useState<'table' | 'json'>('table');
  const rows = useMemo<FieldRow[]>(
    () =>
      Object.entries(flattenAlert(hit._source))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([field, value]) => ({ field, value, text: formatFieldValue(field, value) })),
    [hit],
  );
  const columns: Array<EuiBasicTableColumn<FieldRow>> = [
    {
      name: 'Actions',
      width: '96px',
      render: (row: FieldRow) => <FieldActions row={row} actions={actions} />,
    },
    {
      field: 'field',
      name: 'Field',
      width: '35%',
      render: (field: string) => <code>{field}</code>,
    },
    {
      field: 'text',
      name: 'Value',
      render: (text: string) => <span style={{ wordBreak: 'break-word' }}>{text}</span>,
    },
  ];
  return (
    <EuiFlyout
      onClose={onClose}
      size="m"
      aria-labelledby={titleId}
      data-test-subj="alertDocumentFlyout"
      ownFocus
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id={titleId}>Document details</h2>
        </EuiTitle>
        <EuiText size="xs" color="subdued">
          <p>
            {hit._index} · {hit._id}
          </p>
        </EuiText>
        <EuiSpacer size="s" />
        <EuiTabs style={{ marginBottom: -1 }}>
          <EuiTab
            isSelected={tab === 'table'}
            onClick={() => setTab('table')}
            data-test-subj="alertDocumentTableTab"
          >
            Table
          </EuiTab>
          <EuiTab
            isSelected={tab === 'json'}
            onClick={() => setTab('json')}
            data-test-subj="alertDocumentJsonTab"
          >
            JSON
          </EuiTab>
        </EuiTabs>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        {tab === 'table' ? (
          <EuiInMemoryTable
            tableCaption="Fields of the alert"
            items={rows}
            itemId="field"
            columns={columns}
            search={{
              box: {
                incremental: true,
                placeholder: 'Search field names or values',
                schema: false,
              },
            }}
            pagination={false}
            data-test-subj="alertDocumentTable"
          />
        ) : (
          <EuiCodeBlock
            language="json"
            isCopyable
            paddingSize="s"
            overflowHeight="100%"
            data-test-subj="alertDocumentJson"
          >
            {JSON.stringify(hit, null, 2)}
          </EuiCodeBlock>
        )}
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
