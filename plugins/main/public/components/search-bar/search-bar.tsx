/**
 * The svc search bar: one input for WQL (default), DQL or Lucene, checked as the user submits and
 * translated to the managed API's `q` / `search`; with WQL it completes fields, operators, values
 * and conjunctions as the user types.
 */
import { EuiButton, EuiFlexGroup, EuiFlexItem, EuiFormRow, EuiSelect } from '@elastic/eui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAsync } from '../../hooks/use-async';
import type {
  ManagedApiQuery,
  SearchField,
  QueryLanguage,
  Suggestion,
  ValueSuggester,
} from '../../query-languages/types';
import { useSvcServices } from '../services-context';
import { CompletingField } from './completing-field';
import { useCompletingInput } from './use-completing-input';

/** Wait after a keystroke before asking for suggestions, so typing fast does not ask the API per letter. */
const SUGGESTION_DELAY_MS = 120;

export interface SearchSubmit {
  text: string;
  language: string;
  query: ManagedApiQuery;
}

export interface SearchBarProps {
  /** The query in effect (from the URL). */
  value: string;
  language: string;
  /** Query languages the user may switch between; WQL alone when left out. */
  languages?: string[];
  fields: SearchField[];
  suggestValues?: ValueSuggester;
  placeholder?: string;
  onSubmit(submit: SearchSubmit): void;
  onLanguageChange?(language: string): void;
  'data-test-subj'?: string;
}

export function SearchBar(props: SearchBarProps) {
  const { queryLanguages: registry } = useSvcServices();
  const load = useCallback(() => registry.load(props.language), [registry, props.language]);
  const { state } = useAsync(load, 'Loading the query language');
  // Remounting on a new value or language resets the draft to what is in effect.
  return (
    <SearchBarInput
      key={`${props.language}\u0000${props.value}`}
      {...props}
      loaded={state.data?.id === props.language ? state.data : undefined}
    />
  );
}

function SearchBarInput({
  value,
  language: languageId,
  languages = ['wql'],
  fields,
  suggestValues,
  placeholder,
  onSubmit,
  onLanguageChange,
  loaded,
  'data-test-subj': testSubj = 'svcSearchBar',
}: SearchBarProps & { loaded?: QueryLanguage }) {
  const { queryLanguages: registry } = useSvcServices();
  const [submitError, setSubmitError] = useState<string>();
  const { draft, cursor, focused, dismiss, bind } = useCompletingInput(value, () =>
    setSubmitError(undefined),
  );
  const [suggestions, setSuggestions] = useState<{ for: string; items: Suggestion[] }>({
    for: '',
    items: [],
  });
  const suggestionKey = `${cursor}\u0000${draft}`;

  useEffect(() => {
    if (!loaded?.suggest || !focused) return undefined;
    const controller = new AbortController();
    const suggest = loaded.suggest.bind(loaded);
    const timer = setTimeout(() => {
      suggest(draft, cursor, { fields, suggestValues, signal: controller.signal }).then(
        (items) => {
          if (!controller.signal.aborted) setSuggestions({ for: suggestionKey, items });
        },
        // Suggestions are a help: when the API cannot give values, the bar still works without them.
        () => undefined,
      );
    }, SUGGESTION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [loaded, draft, cursor, focused, fields, suggestValues, suggestionKey]);

  const current = suggestions.for === suggestionKey ? suggestions.items : [];

  const submit = () => {
    if (!loaded) return;
    const translation = loaded.translate(draft, fields);
    if (!translation.ok) {
      setSubmitError(`${translation.error.message} (at character ${translation.error.offset + 1})`);
      return;
    }
    dismiss();
    onSubmit({ text: draft.trim(), language: languageId, query: translation.query });
  };
  const binding = bind(current, { submit });

  const languageOptions = useMemo(
    () => registry.list().filter((descriptor) => languages.includes(descriptor.id)),
    [registry, languages],
  );
  const description = languageOptions.find(
    (descriptor) => descriptor.id === languageId,
  )?.description;

  return (
    <EuiFormRow
      fullWidth
      isInvalid={!!submitError}
      error={submitError}
      helpText={description}
      data-test-subj={`${testSubj}Row`}
    >
      <EuiFlexGroup gutterSize="s" responsive={false}>
        <EuiFlexItem>
          <CompletingField
            binding={binding}
            suggestions={current}
            placeholder={placeholder ?? 'Filter, e.g. status=active and os.platform=ubuntu'}
            isInvalid={!!submitError}
            isLoading={!loaded}
            aria-label="Search"
            data-test-subj={testSubj}
            prepend={
              languageOptions.length > 1 ? (
                <EuiSelect
                  compressed
                  aria-label="Query language"
                  data-test-subj={`${testSubj}Syntax`}
                  value={languageId}
                  options={languageOptions.map((descriptor) => ({
                    value: descriptor.id,
                    text: descriptor.label,
                  }))}
                  onChange={(event) => {
                    // An error about the text in the former language no longer applies.
                    setSubmitError(undefined);
                    onLanguageChange?.(event.target.value);
                  }}
                />
              ) : undefined
            }
          />
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            iconType="search"
            onClick={submit}
            isDisabled={!loaded}
            data-test-subj={`${testSubj}Submit`}
          >
            Search
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
    </EuiFormRow>
  );
}
