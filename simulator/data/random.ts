/**
 * Deterministic pseudo-randomness. Generated data must be identical for a given seed and must be
 * computable for any single item without generating the others (agents are materialised lazily), so
 * every value comes from a hash of (seed, item, salt) rather than from a sequential generator.
 */

/** 32-bit avalanche hash of three integers (murmur3 finaliser over a simple mix). */
export function hash32(seed: number, item: number, salt = 0): number {
  let h = (seed ^ Math.imul(item, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) for (seed, item, salt). */
export function unit(seed: number, item: number, salt = 0): number {
  return hash32(seed, item, salt) / 0x100000000;
}

/** Picks an element of `list` for (seed, item, salt). */
export function pick<T>(list: readonly T[], seed: number, item: number, salt = 0): T {
  return list[hash32(seed, item, salt) % list.length];
}

const cumulativeCache = new WeakMap<ReadonlyArray<readonly [unknown, number]>, number[]>();

/** Picks by weight: `weighted` is a list of [value, weight] (cumulative weights are cached per list). */
export function pickWeighted<T>(weighted: ReadonlyArray<readonly [T, number]>, seed: number, item: number, salt = 0): T {
  let cumulative = cumulativeCache.get(weighted);
  if (!cumulative) {
    let sum = 0;
    cumulative = weighted.map(([, weight]) => (sum += weight));
    cumulativeCache.set(weighted, cumulative);
  }
  const point = unit(seed, item, salt) * cumulative[cumulative.length - 1];
  for (let i = 0; i < cumulative.length; i++) if (point < cumulative[i]) return weighted[i][0];
  return weighted[weighted.length - 1][0];
}

/** `length` lowercase hex characters for (seed, item, salt). */
export function hex(seed: number, item: number, salt: number, length: number): string {
  let out = '';
  for (let block = 0; out.length < length; block++) out += hash32(seed, item, salt * 131 + block).toString(16).padStart(8, '0');
  return out.slice(0, length);
}

/** Sequential generator for data built once at start (rules, decoders, SCA): mulberry32. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
}

/** 32-bit FNV-1a hash of a string, to derive stable values from names. */
export function stringHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
