/** The text, cursor and suggestion-list state shared by every search input that completes as the user types. */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import type { Suggestion } from '../../query-languages/types';

interface CompletionWiring {
  submit(): void;
  /** Also asked when the input gains focus. */
  onFocus?(): void;
}

/**
 * Holds the draft and where the cursor is; `bind` then wires a list of suggestions to the input
 * (arrows pick, Enter applies or submits, Escape closes the list). `onEdit` runs on every change
 * of the text by the user.
 */
export function useCompletingInput(initial: string, onEdit?: () => void) {
  const [draft, setDraft] = useState(initial);
  const [cursor, setCursor] = useState(initial.length);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [pendingCursor, setPendingCursor] = useState<number>();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listId = useId();

  useEffect(() => {
    if (pendingCursor === undefined || !inputRef.current) return;
    inputRef.current.setSelectionRange(pendingCursor, pendingCursor);
  }, [pendingCursor]);

  const dismiss = () => setDismissed(true);

  const bind = (suggestions: Suggestion[], { submit, onFocus }: CompletionWiring) => {
    const open = focused && !dismissed && suggestions.length > 0;

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
      onEdit?.();
      inputRef.current?.focus();
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

    const fieldProps = {
      inputRef: (element: HTMLInputElement | null) => {
        inputRef.current = element;
      },
      value: draft,
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setDraft(event.target.value);
        setCursor(event.target.selectionStart ?? event.target.value.length);
        setDismissed(false);
        setActive(-1);
        onEdit?.();
      },
      onSelect: (event: SyntheticEvent<HTMLInputElement>) =>
        setCursor(event.currentTarget.selectionStart ?? draft.length),
      onKeyDown,
      onFocus: () => {
        setFocused(true);
        setDismissed(false);
        onFocus?.();
      },
      onBlur: () => setFocused(false),
    };
    return { open, apply, active, listId, fieldProps, dismiss };
  };

  return { draft, cursor, focused, dismiss, bind };
}

/** What `bind` gives the field that shows the input and its suggestions. */
export type CompletionBinding = ReturnType<ReturnType<typeof useCompletingInput>['bind']>;
