/**
 * The "Add filter" form: a field, an operator (is, is not, is one of, is not one of, exists, does not
 * exist, is between) and its value(s).
 */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiComboBox,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiForm,
  EuiFormErrorText,
  EuiFormRow,
  EuiSelect,
  type EuiComboBoxOptionOption,
} from '@elastic/eui';
import { useState, type FormEvent } from 'react';
import type { AlertsField, AlertsFilter } from '../../../../common/alerts/api';

type Operator =
  'is' | 'is_not' | 'is_one_of' | 'is_not_one_of' | 'exists' | 'not_exists' | 'between';

const OPERATORS: Array<{ value: Operator; text: string }> = [
  { value: 'is', text: 'is' },
  { value: 'is_not', text: 'is not' },
  { value: 'is_one_of', text: 'is one of' },
  { value: 'is_not_one_of', text: 'is not one of' },
  { value: 'exists', text: 'exists' },
  { value: 'not_exists', text: 'does not exist' },
  { value: 'between', text: 'is between' },
];

/** A typed value: numbers stay numbers for number fields, so `rule.level is 12` compares as a number. */
function typedValue(text: string, type: string | undefined): string | number | boolean {
  const trimmed = text.trim();
  if (type === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed)))
    return Number(trimmed);
  if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return trimmed;
}

interface Draft {
  field: string;
  operator: Operator;
  value: string;
  values: string[];
  gte: string;
  lte: string;
}

/** The filter the draft describes, or why it is not one yet. */
export function draftToFilter(
  draft: Draft,
  fieldType: string | undefined,
): { filter: AlertsFilter } | { error: string } {
  const field = draft.field.trim();
  if (!field) return { error: 'Choose a field' };
  const negate = ['is_not', 'is_not_one_of', 'not_exists'].includes(draft.operator);
  const common = { field, ...(negate ? { negate: true } : {}) };
  switch (draft.operator) {
    case 'is':
    case 'is_not':
      if (!draft.value.trim()) return { error: 'Enter a value' };
      return { filter: { ...common, type: 'is', value: typedValue(draft.value, fieldType) } };
    case 'is_one_of':
    case 'is_not_one_of':
      if (draft.values.length === 0) return { error: 'Enter at least one value' };
      return {
        filter: {
          ...common,
          type: 'is_one_of',
          values: draft.values.map((value) => typedValue(value, fieldType)),
        },
      };
    case 'exists':
    case 'not_exists':
      return { filter: { ...common, type: 'exists' } };
    case 'between': {
      if (!draft.gte.trim() && !draft.lte.trim()) return { error: 'Enter a start, an end or both' };
      const bound = (text: string) => {
        const value = typedValue(text, fieldType);
        return typeof value === 'boolean' ? String(value) : value;
      };
      return {
        filter: {
          ...common,
          type: 'between',
          ...(draft.gte.trim() ? { gte: bound(draft.gte) } : {}),
          ...(draft.lte.trim() ? { lte: bound(draft.lte) } : {}),
        },
      };
    }
  }
}

export function FilterEditor({
  fields,
  onSubmit,
  onCancel,
}: {
  fields: AlertsField[];
  onSubmit(filter: AlertsFilter): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState<Draft>({
    field: '',
    operator: 'is',
    value: '',
    values: [],
    gte: '',
    lte: '',
  });
  const [error, setError] = useState<string>();
  const change = (next: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...next }));
    setError(undefined);
  };
  const fieldType = fields.find((field) => field.name === draft.field)?.type;
  const fieldOptions: Array<EuiComboBoxOptionOption<string>> = fields.map((field) => ({
    label: field.name,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToFilter(draft, fieldType);
    if ('error' in result) setError(result.error);
    else onSubmit(result.filter);
  };

  return (
    <EuiForm
      component="form"
      onSubmit={submit}
      data-test-subj="alertsFilterEditor"
      style={{ width: 420 }}
    >
      <EuiFormRow label="Field">
        <EuiComboBox
          aria-label="Field"
          placeholder="Select a field"
          singleSelection={{ asPlainText: true }}
          options={fieldOptions}
          selectedOptions={draft.field ? [{ label: draft.field }] : []}
          onChange={(selected) => change({ field: selected[0]?.label ?? '' })}
          onCreateOption={(value) => change({ field: value.trim() })}
          data-test-subj="alertsFilterField"
          isClearable={false}
        />
      </EuiFormRow>
      <EuiFormRow label="Operator">
        <EuiSelect
          aria-label="Operator"
          options={OPERATORS}
          value={draft.operator}
          onChange={(event) => change({ operator: event.target.value as Operator })}
          data-test-subj="alertsFilterOperator"
        />
      </EuiFormRow>
      {(draft.operator === 'is' || draft.operator === 'is_not') && (
        <EuiFormRow label="Value">
          <EuiFieldText
            aria-label="Value"
            value={draft.value}
            onChange={(event) => change({ value: event.target.value })}
            data-test-subj="alertsFilterValue"
          />
        </EuiFormRow>
      )}
      {(draft.operator === 'is_one_of' || draft.operator === 'is_not_one_of') && (
        <EuiFormRow label="Values" helpText="Type a value, then Enter">
          <EuiComboBox
            aria-label="Values"
            noSuggestions
            selectedOptions={draft.values.map((value) => ({ label: value }))}
            onCreateOption={(value) => {
              if (value.trim()) change({ values: [...draft.values, value.trim()] });
            }}
            onChange={(selected) => change({ values: selected.map((option) => option.label) })}
            data-test-subj="alertsFilterValues"
          />
        </EuiFormRow>
      )}
      {draft.operator === 'between' && (
        <EuiFormRow label="Range">
          <EuiFlexGroup gutterSize="s" responsive={false}>
            <EuiFlexItem>
              <EuiFieldText
                aria-label="Start of the range"
                placeholder="Start"
                value={draft.gte}
                onChange={(event) => change({ gte: event.target.value })}
                data-test-subj="alertsFilterFrom"
              />
            </EuiFlexItem>
            <EuiFlexItem>
              <EuiFieldText
                aria-label="End of the range"
                placeholder="End"
                value={draft.lte}
                onChange={(event) => change({ lte: event.target.value })}
                data-test-subj="alertsFilterTo"
              />
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFormRow>
      )}
      {error && <EuiFormErrorText data-test-subj="alertsFilterError">{error}</EuiFormErrorText>}
      <EuiFlexGroup justifyContent="flexEnd" gutterSize="s" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty onClick={onCancel} data-test-subj="alertsFilterCancel">
            Cancel
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton type="submit" fill data-test-subj="alertsFilterSave">
            Add filter
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
    </EuiForm>
  );
}
