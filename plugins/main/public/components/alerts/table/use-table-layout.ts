/**
 * The events table's layout (shown columns in order, their widths) kept per dashboard user in this
 * browser's localStorage under `<key>:<user name>`: the dashboard's server-side user settings hold
 * only the default API host, and a layout is a preference of the person at this screen.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSvcServices } from '../../services-context';

export interface TableLayout {
  columns: string[];
  widths: Record<string, number>;
}

function readLayout(storageKey: string, fallback: TableLayout): TableLayout {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null');
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
  } catch {
    return fallback;
  }
}

export function useTableLayout(key: string, defaultColumns: string[]) {
  const { core } = useSvcServices();
  // The defaults are a constant of the view: the first ones given are kept.
  const [defaults] = useState(defaultColumns);
  const [storageKey, setStorageKey] = useState<string>();
  const [layout, setLayout] = useState<TableLayout>({ columns: defaults, widths: {} });

  useEffect(() => {
    let current = true;
    core.security.getCurrentUser().then(
      (user) => {
        if (!current) return;
        const userKey = `${key}:${user.username}`;
        setStorageKey(userKey);
        setLayout(readLayout(userKey, { columns: defaults, widths: {} }));
      },
      // Without the user's name the layout still changes for this page, only not kept.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [core, key, defaults]);

  const save = useCallback(
    (next: TableLayout) => {
      setLayout(next);
      if (!storageKey) return;
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the layout still holds for this page.
      }
    },
    [storageKey],
  );

  const setColumns = useCallback(
    (columns: string[]) => save({ ...layout, columns }),
    [layout, save],
  );
  const setWidth = useCallback(
    (column: string, width: number) =>
      save({ ...layout, widths: { ...layout.widths, [column]: Math.round(width) } }),
    [layout, save],
  );
  return { layout, setColumns, setWidth };
}
