/**
 * The events table's layout (shown columns in order, their widths) kept per dashboard user in this
 * browser: the dashboard's server-side user settings hold only the default API host, and a layout
 * is a preference of the person at this screen.
 */
import { useCallback, useMemo, useState } from 'react';
import { useUserStorage } from '../../../hooks/use-user-storage';

export interface TableLayout {
  columns: string[];
  widths: Record<string, number>;
}

/** The stored layout's valid parts over `fallback`. */
function readLayout(stored: unknown, fallback: TableLayout): TableLayout {
  if (typeof stored !== 'object' || stored === null) return fallback;
  const { columns, widths } = stored as Record<string, unknown>;
  const validColumns =
    Array.isArray(columns) && columns.length > 0 && columns.every((id) => typeof id === 'string')
      ? (columns as string[])
      : fallback.columns;
  const validWidths =
    typeof widths === 'object' && widths !== null
      ? Object.fromEntries(
          Object.entries(widths).filter(
            (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
          ),
        )
      : {};
  return { columns: validColumns, widths: validWidths };
}

export function useTableLayout(key: string, defaultColumns: string[]) {
  // The defaults are a constant of the view: the first ones given are kept.
  const [defaults] = useState(defaultColumns);
  const { stored, store } = useUserStorage(key);
  const layout = useMemo(
    () => readLayout(stored, { columns: defaults, widths: {} }),
    [stored, defaults],
  );

  const setColumns = useCallback(
    (columns: string[]) => store({ ...layout, columns }),
    [layout, store],
  );
  const setWidth = useCallback(
    (column: string, width: number) =>
      store({ ...layout, widths: { ...layout.widths, [column]: Math.round(width) } }),
    [layout, store],
  );
  return { layout, setColumns, setWidth };
}
