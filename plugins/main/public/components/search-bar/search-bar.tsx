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
  syntax: string;
  query: ManagedApiQuery;
}

export interface SearchBarProps {
  /** The query in effect (from the URL). */
  value: string;
  syntax: string;
  /** Syntaxes the user may switch between; WQL alone when left out. */
  syntaxes?: string[];
  fields: SearchField[];
  suggestValues?: ValueSuggester;
  placeholder?: string;
  onSubmit(submit: SearchSubmit): void;
  onSyntaxChange?(syntax: string): void;
  'data-test-subj'?: string;
}

export function SearchBar(props: SearchBarProps) {
  const { syntaxes: registry } = useSvcServices();
  const load = useCallback(() => registry.load(props.syntax), [registry, props.syntax]);
  const { state } = useAsync(load, 'Loading the query language');
  // Remounting on a new value or syntax resets the draft to what is in effect.
  return (
    <SearchBarInput
      key={`${props.syntax}\u0000${props.value}`}
      {...props}
      loaded={state.data?.id === props.syntax ? state.data : undefined}
    />
  );
}

function SearchBarInput({
  value,
  syntax: syntaxId,
  syntaxes = ['wql'],
  fields,
  suggestValues,
  placeholder,
  onSubmit,
  onSyntaxChange,
  loaded,
  'data-test-subj': testSubj = 'svcSearchBar',
}: SearchBarProps & { loaded?: QueryLanguage }) {
  const { syntaxes: registry } = useSvcServices();
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
    onSubmit({ text: draft.trim(), syntax: syntaxId, query: translation.query });
  };
  const binding = bind(current, { submit });

  const syntaxOptions = useMemo(
    () => registry.list().filter((descriptor) => syntaxes.includes(descriptor.id)),
    [registry, syntaxes],
  );
  const description = syntaxOptions.find((descriptor) => descriptor.id === syntaxId)?.description;

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
              syntaxOptions.length > 1 ? (
                <EuiSelect
                  compressed
                  aria-label="Query language"
                  data-test-subj={`${testSubj}Syntax`}
                  value={syntaxId}
                  options={syntaxOptions.map((descriptor) => ({
                    value: descriptor.id,
                    text: descriptor.label,
                  }))}
                  onChange={(event) => {
                    // An error about the text in the former language no longer applies.
                    setSubmitError(undefined);
                    onSyntaxChange?.(event.target.value);
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
