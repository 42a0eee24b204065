/**
 * The alerts search bar: DQL (default) or Lucene, sent as typed for the server to parse, with the
 * alerts' field names completed as the user types (arrows pick, Enter applies or searches, Escape
 * closes the list).
 */
import { EuiButton, EuiFlexGroup, EuiFlexItem, EuiSelect } from '@elastic/eui';
import { useMemo, useState } from 'react';
import type { AlertsQuery, AlertsQueryLanguage } from '../../../../common/alerts/api';
import { CompletingField } from '../../search-bar/completing-field';
import { useCompletingInput } from '../../search-bar/use-completing-input';
import { suggestFields } from './field-completion';

const LANGUAGES: Array<{ value: AlertsQueryLanguage; text: string }> = [
  { value: 'kuery', text: 'DQL' },
  { value: 'lucene', text: 'Lucene' },
];

const PLACEHOLDERS: Record<AlertsQueryLanguage, string> = {
  kuery: 'Search alerts with DQL, e.g. rule.groups:syscheck and rule.level >= 7',
  lucene: 'Search alerts with Lucene, e.g. rule.groups:syscheck AND rule.level:[7 TO *]',
};

export interface AlertsSearchBarProps {
  query: AlertsQuery;
  fieldNames: string[];
  onSubmit(query: AlertsQuery): void;
  /** Asked when the user first focuses the bar, so field names load only when wanted. */
  onFocus?(): void;
}

export function AlertsSearchBar(props: AlertsSearchBarProps) {
  // A new query from the URL (back, a link) resets the draft to it.
  return <SearchInput key={`${props.query.language}\u0000${props.query.query}`} {...props} />;
}

function SearchInput({ query, fieldNames, onSubmit, onFocus }: AlertsSearchBarProps) {
  const [language, setLanguage] = useState(query.language);
  const { draft, cursor, focused, dismiss, bind } = useCompletingInput(query.query);

  const suggestions = useMemo(
    () => (focused ? suggestFields(draft, cursor, fieldNames) : []),
    [focused, draft, cursor, fieldNames],
  );

  const submit = () => {
    dismiss();
    onSubmit({ language, query: draft.trim() });
  };
  const binding = bind(suggestions, { submit, onFocus });

  return (
    <EuiFlexGroup gutterSize="s" responsive={false}>
      <EuiFlexItem>
        <CompletingField
          binding={binding}
          suggestions={suggestions}
          placeholder={PLACEHOLDERS[language]}
          aria-label="Search alerts"
          data-test-subj="alertsSearchInput"
          prepend={
            <EuiSelect
              compressed
              aria-label="Query language"
              data-test-subj="alertsQueryLanguage"
              value={language}
              options={LANGUAGES}
              onChange={(event) => setLanguage(event.target.value as AlertsQueryLanguage)}
            />
          }
        />
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton iconType="search" onClick={submit} data-test-subj="alertsSearchSubmit">
          Search
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
