/**
 * A preference kept per dashboard user in this browser's localStorage, under `<key>:<user name>`
 * (two users of one browser keep their own): the person at this screen's choice, not a setting
 * every instance must share.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSvcServices } from '../components/services-context';

export interface UserStorage {
  /** False until the user's name is known (then `stored` is read). */
  ready: boolean;
  /** The stored value, parsed; undefined when none is stored or it is not JSON. */
  stored: unknown;
  /** Keeps `value` (for this page only when storage is full, disabled or the user unknown). */
  store(value: unknown): void;
}

function readStored(storageKey: string): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(storageKey) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

export function useUserStorage(key: string): UserStorage {
  const { core } = useSvcServices();
  const [found, setFound] = useState<{ storageKey?: string; stored: unknown }>();

  useEffect(() => {
    let current = true;
    core.security.getCurrentUser().then(
      (user) => {
        const storageKey = `${key}:${user.username}`;
        if (current) setFound({ storageKey, stored: readStored(storageKey) });
      },
      // Without the user's name a choice still holds for this page, only not kept.
      () => current && setFound({ stored: undefined }),
    );
    return () => {
      current = false;
    };
  }, [core, key]);

  const storageKey = found?.storageKey;
  const store = useCallback(
    (value: unknown) => {
      setFound((previous) => ({ ...previous, stored: value }));
      if (!storageKey) return;
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the choice still holds for this page.
      }
    },
    [storageKey],
  );
  return { ready: found !== undefined, stored: found?.stored, store };
}
