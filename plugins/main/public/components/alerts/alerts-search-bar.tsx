/**
 * The alerts search bar: DQL (default) or Lucene, sent as typed for the server to parse, with the
 * alerts' field names completed as the user types (arrows pick, Enter applies or searches, Escape
 * closes the list).
 */
import {
  EuiButton,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiInputPopover,
  EuiSelect,
} from '@elastic/eui';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AlertsQuery, AlertsQueryLanguage } from '../../../common/alerts/api';
import type { Suggestion } from '../../search-bar/types';
import { SuggestionList } from '../search-bar/suggestion-list';
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
  const [draft, setDraft] = useState(query.query);
  const [language, setLanguage] = useState(query.language);
  const [cursor, setCursor] = useState(query.query.length);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [pendingCursor, setPendingCursor] = useState<number>();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listId = useId();

  const suggestions = useMemo(
    () => (focused ? suggestFields(draft, cursor, fieldNames) : []),
    [focused, draft, cursor, fieldNames],
  );
  const open = focused && !dismissed && suggestions.length > 0;

  useEffect(() => {
    if (pendingCursor === undefined || !inputRef.current) return;
    inputRef.current.setSelectionRange(pendingCursor, pendingCursor);
  }, [pendingCursor]);

  const apply = (suggestion: Suggestion) => {
    const next =
      draft.slice(0, suggestion.replaceFrom) +
      suggestion.insertText +
      draft.slice(suggestion.replaceTo);
    const position = suggestion.replaceFrom + suggestion.insertText.length;
    setDraft(next);
    setCursor(position);
    setPendingCursor(position);
    setActive(-1);
    inputRef.current?.focus();
  };

  const submit = () => {
    setDismissed(true);
    onSubmit({ language, query: draft.trim() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (open && event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (open && event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open && active >= 0) apply(suggestions[active]);
      else submit();
    } else if (event.key === 'Escape') {
      setDismissed(true);
    }
  };

  return (
    <EuiFlexGroup gutterSize="s" responsive={false}>
      <EuiFlexItem>
        <EuiInputPopover
          fullWidth
          isOpen={open}
          closePopover={() => setDismissed(true)}
          disableFocusTrap
          ownFocus={false}
          panelPaddingSize="none"
          input={
            <EuiFieldText
              fullWidth
              inputRef={(element) => {
                inputRef.current = element;
              }}
              icon="search"
              value={draft}
              placeholder={PLACEHOLDERS[language]}
              aria-label="Search alerts"
              role="combobox"
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
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
              onChange={(event) => {
                setDraft(event.target.value);
                setCursor(event.target.selectionStart ?? event.target.value.length);
                setDismissed(false);
                setActive(-1);
              }}
              onSelect={(event) => setCursor(event.currentTarget.selectionStart ?? draft.length)}
              onKeyDown={onKeyDown}
              onFocus={() => {
                setFocused(true);
                setDismissed(false);
                onFocus?.();
              }}
              onBlur={() => setFocused(false)}
            />
          }
        >
          <SuggestionList id={listId} suggestions={suggestions} active={active} onPick={apply} />
        </EuiInputPopover>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton iconType="search" onClick={submit} data-test-subj="alertsSearchSubmit">
          Search
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
