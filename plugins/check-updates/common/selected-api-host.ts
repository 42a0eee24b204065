/**
 * Which API host the browser works with. The main plugin's apps write the user's choice here and the
 * update-check client reads it, so both plugins agree without depending on each other at run time.
 */
export const SELECTED_API_HOST_STORAGE_KEY = 'svc:selectedApiHostId';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/** The selected API host id, or undefined when none has been chosen in this browser. */
export function getSelectedApiHostId(
  storage: ReadableStorage = window.localStorage,
): string | undefined {
  return storage.getItem(SELECTED_API_HOST_STORAGE_KEY) || undefined;
}

/** Event this page sends when the choice changes (the `storage` event covers other tabs only). */
const CHANGE_EVENT = 'svc:selectedApiHostChange';

/** Records the chosen API host id; undefined forgets the choice. */
export function setSelectedApiHostId(
  id: string | undefined,
  storage: WritableStorage = window.localStorage,
): void {
  if (id) storage.setItem(SELECTED_API_HOST_STORAGE_KEY, id);
  else storage.removeItem(SELECTED_API_HOST_STORAGE_KEY);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls `listener` whenever the choice may have changed, in this page or another tab. */
export function subscribeSelectedApiHostId(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SELECTED_API_HOST_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
