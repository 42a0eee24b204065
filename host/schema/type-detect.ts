/**
 * Names a value's type the way the config-schema messages do (`undefined`, `null`, `number`,
 * `string`, `Array`, `Object`, `Date`, …). Hand-written: six lines do not justify a dependency.
 */
export function typeDetect(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return 'Array';
  return Object.prototype.toString.call(value).slice('[object '.length, -1);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
