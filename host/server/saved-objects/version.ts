/**
 * The opaque version token of a saved object: base64 of the JSON array `[seq_no, primary_term]`,
 * as OpenSearch Dashboards encodes it, so clients written for OSD can pass it back unchanged.
 */
import type { DocumentVersion } from './store/types';
import { savedObjectsErrors } from '../errors';

export function encodeVersion({ seqNo, primaryTerm }: DocumentVersion): string {
  return Buffer.from(JSON.stringify([seqNo, primaryTerm]), 'utf8').toString('base64');
}

function isNonNegativeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** Throws the 400 `Invalid version [<v>]` error for anything that is not a token this host made. */
export function decodeVersion(version: string): DocumentVersion {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(version)) throw new Error('not base64');
    parsed = JSON.parse(Buffer.from(version, 'base64').toString('utf8'));
  } catch {
    throw savedObjectsErrors.createInvalidVersionError(version);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every(isNonNegativeInteger)) {
    throw savedObjectsErrors.createInvalidVersionError(version);
  }
  return { seqNo: parsed[0], primaryTerm: parsed[1] };
}
