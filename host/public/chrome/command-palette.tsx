/**
 * The command palette: a modal with a search field over every app and deep link, reached with
 * Ctrl+K (Cmd+K on a Mac) or the header's search button. Typing narrows the list and marks the best
 * match, the arrows move the mark, Enter opens the marked entry in the page and Escape closes.
 */
import {
  EuiBadge,
  EuiModal,
  EuiModalBody,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSelectable,
  type EuiSelectableOption,
} from '@elastic/eui';
import { useEffect, useMemo, useState } from 'react';
import { entryLabel, type NavEntry } from './nav-entries';
import { searchNavEntries } from './nav-search';

export interface CommandPaletteProps {
  entries: readonly NavEntry[];
  onClose(): void;
  onSelect(entry: NavEntry): void;
}

/** Calls `open` on Ctrl+K or Cmd+K anywhere in the page, instead of the browser's own use of it. */
export function usePaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
      // An editor that binds the keys itself (the API console) keeps them.
      if (event.altKey || event.shiftKey || event.defaultPrevented) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

const matchAll = () => true;

export function CommandPalette({ entries, onClose, onSelect }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const byId = useMemo(() => new Map(entries.map((entry) => [entry.id, entry])), [entries]);
  const options = useMemo<EuiSelectableOption[]>(
    () =>
      searchNavEntries(entries, query).map((entry) => ({
        key: entry.id,
        label: entryLabel(entry),
        append: entry.category && <EuiBadge color="hollow">{entry.category.label}</EuiBadge>,
        'data-test-subj': `paletteOption-${entry.id}`,
      })),
    [entries, query],
  );

  return (
    <EuiModal onClose={onClose} maxWidth={640} aria-label="Go to" data-test-subj="commandPalette">
      <EuiModalHeader>
        <EuiModalHeaderTitle size="s">Go to</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiSelectable
          aria-label="Apps and pages"
          searchable
          singleSelection
          options={options}
          // The list is already narrowed and ranked by `searchNavEntries`.
          optionMatcher={matchAll}
          searchProps={{
            value: query,
            onChange: setQuery,
            placeholder: 'Search apps and pages',
            autoFocus: true,
            'data-test-subj': 'commandPaletteSearch',
          }}
          listProps={{ isVirtualized: false, bordered: true }}
          emptyMessage="No app or page has that name"
          onChange={(_options, _event, changed) => {
            const entry = changed.key ? byId.get(changed.key) : undefined;
            if (entry) onSelect(entry);
          }}
        >
          {(list, search) => (
            <>
              {search}
              <div style={{ marginTop: 8, maxHeight: '60vh', overflowY: 'auto' }}>{list}</div>
            </>
          )}
        </EuiSelectable>
      </EuiModalBody>
    </EuiModal>
  );
}
