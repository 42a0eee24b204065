/**
 * localStorage reads and writes that never throw: a browser may refuse storage (private modes,
 * policies) or be out of quota, and the chrome's remembered choices are worth less than the page.
 */
export function readItem(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // The choice lasts for this page only.
  }
}

/** The page's localStorage, or undefined where reading the property itself throws. */
export function browserLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
