/**
 * Which optional columns a table shows, chosen from a popover and remembered in this browser (a
 * layout preference of the person at the screen, not of the data).
 */
import { EuiButtonEmpty, EuiCheckboxGroup, EuiPopover, EuiPopoverTitle } from '@elastic/eui';
import { useCallback, useState } from 'react';

export interface ChoosableColumn {
  id: string;
  label: string;
}

function readHidden(storageKey: string, fallback: string[]): string[] {
  try {
    const stored = window.localStorage.getItem(storageKey);
    const parsed: unknown = stored === null ? fallback : JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : fallback;
  } catch {
    return fallback;
  }
}

/** The ids of hidden columns and the way to change them, kept under `storageKey`. */
export function useHiddenColumns(
  storageKey: string,
  hiddenByDefault: string[],
): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState(() => readHidden(storageKey, hiddenByDefault));
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the choice still holds for this page.
      }
    },
    [storageKey],
  );
  return [hidden, update];
}

export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: ChoosableColumn[];
  hidden: string[];
  onChange(hidden: string[]): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <EuiPopover
      isOpen={open}
      closePopover={() => setOpen(false)}
      button={
        <EuiButtonEmpty
          iconType="tableGear"
          onClick={() => setOpen(!open)}
          data-test-subj="columnChooserButton"
        >
          Columns
        </EuiButtonEmpty>
      }
    >
      <EuiPopoverTitle>Shown columns</EuiPopoverTitle>
      <EuiCheckboxGroup
        options={columns.map((column) => ({
          id: column.id,
          label: column.label,
          'data-test-subj': `columnChoice-${column.id}`,
        }))}
        idToSelectedMap={Object.fromEntries(
          columns.map((column) => [column.id, !hidden.includes(column.id)]),
        )}
        onChange={(id) =>
          onChange(hidden.includes(id) ? hidden.filter((other) => other !== id) : [...hidden, id])
        }
        data-test-subj="columnChooser"
      />
    </EuiPopover>
  );
}
