/** Tells a promise (or any thenable) from a plain value, so hot paths can stay synchronous when nothing is async. */
export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null | undefined)?.then === 'function';
}
