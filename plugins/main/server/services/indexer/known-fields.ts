/** The catalogue of known fields, with the configured alerts pattern counted as the alerts pattern. */
import { knownPattern, KNOWN_PATTERNS, type KnownPattern } from '../../../common/known-fields';

export class KnownFieldsCatalogue {
  constructor(private readonly alertsPattern: string) {}

  patternFor(pattern: string): KnownPattern | undefined {
    if (pattern === this.alertsPattern) return { ...KNOWN_PATTERNS[0], pattern };
    return knownPattern(pattern);
  }
}
