import parse from 'semver/functions/parse';
import { UPDATE_TYPES, type UpdateType } from './types';

/**
 * The version as a plain semantic version (`v4.8.2` → `4.8.2`), or null when it is not one.
 * The managed API prefixes its versions with `v`; the records store them without it.
 */
export function toSemanticVersion(value: string): string | null {
  return parse(value.trim())?.version ?? null;
}

export function isUpdateType(value: unknown): value is UpdateType {
  return typeof value === 'string' && (UPDATE_TYPES as readonly string[]).includes(value);
}

/** Validation message for a version field, undefined when the value is valid (host/schema `validate` shape). */
export function semanticVersionError(value: string): string | undefined {
  return toSemanticVersion(value)
    ? undefined
    : `[${value}] is not a semantic version such as 4.8.2`;
}
