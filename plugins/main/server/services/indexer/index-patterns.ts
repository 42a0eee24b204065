/**
 * Creates or updates index-pattern saved objects. A known pattern (alerts, monitoring, statistics)
 * gets its known fields and time field unless the caller gives its own.
 */
import {
  SavedObjectsErrorHelpers,
  type ISavedObjectsRepository,
  type SavedObject,
} from '@host/server/types';
import type { KnownField } from '../../../common/known-fields';
import type { KnownFieldsCatalogue } from './known-fields';
import { INDEX_PATTERN_TYPE } from './saved-object-types';

export interface IndexPatternAttributes {
  title: string;
  timeFieldName?: string;
  fields: string;
}

export interface IndexPatternInput {
  title: string;
  timeFieldName?: string;
  fields?: KnownField[];
  /** Version read before editing: the save fails with a conflict when the pattern changed since. */
  version?: string;
}

export interface IndexPatternResult {
  id: string;
  title: string;
  timeFieldName?: string;
  fieldCount: number;
  result: 'created' | 'updated';
  version?: string;
}

/** Index patterns may not contain these (OpenSearch index-name rules, plus space). */
export const INDEX_PATTERN_FORBIDDEN = /[\\/?"<>| #]/;

/** Id derived from the title so one pattern is one object: `svc-alerts-*` → `svc-alerts`. */
export function indexPatternId(title: string): string {
  return (
    title
      .replace(/\*+$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/[-_.]+$/, '') || 'pattern'
  );
}

export type IndexPatternInspection =
  | { present: false }
  | {
      present: true;
      fieldCount: number;
      timeFieldName?: string;
      /** The time field a known pattern should have. */
      expectedTimeFieldName?: string;
    };

type Repository = Pick<ISavedObjectsRepository, 'get' | 'create' | 'update'>;

export class IndexPatternService {
  constructor(private readonly catalogue: KnownFieldsCatalogue) {}

  private async existing(
    repository: Repository,
    id: string,
  ): Promise<SavedObject<IndexPatternAttributes> | undefined> {
    try {
      return await repository.get<IndexPatternAttributes>(INDEX_PATTERN_TYPE, id);
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return undefined;
      throw error;
    }
  }

  /** Creates the pattern, or updates it when it exists (honouring `version`). */
  async save(repository: Repository, input: IndexPatternInput): Promise<IndexPatternResult> {
    const id = indexPatternId(input.title);
    const known = this.catalogue.patternFor(input.title);
    const fields = input.fields ?? known?.fields ?? [];
    const attributes: IndexPatternAttributes = {
      title: input.title,
      ...((input.timeFieldName ?? known?.timeFieldName)
        ? { timeFieldName: input.timeFieldName ?? known?.timeFieldName }
        : {}),
      fields: JSON.stringify(fields),
    };
    const current = await this.existing(repository, id);
    const summary = {
      id,
      title: input.title,
      timeFieldName: attributes.timeFieldName,
      fieldCount: fields.length,
    };
    if (!current) {
      const created = await repository.create(INDEX_PATTERN_TYPE, attributes, { id });
      return { ...summary, result: 'created', version: created.version };
    }
    const updated = await repository.update(INDEX_PATTERN_TYPE, id, attributes, {
      version: input.version ?? current.version,
    });
    return { ...summary, result: 'updated', version: updated.version };
  }

  /** What the stored pattern looks like, without writing anything (the health check reads this). */
  async inspect(repository: Repository, title: string): Promise<IndexPatternInspection> {
    const stored = await this.existing(repository, indexPatternId(title));
    if (!stored) return { present: false };
    let fieldCount = 0;
    try {
      const fields: unknown = JSON.parse(stored.attributes.fields);
      fieldCount = Array.isArray(fields) ? fields.length : 0;
    } catch {
      // Unreadable fields count as none: the check then says the pattern has no fields.
    }
    return {
      present: true,
      fieldCount,
      timeFieldName: stored.attributes.timeFieldName,
      expectedTimeFieldName: this.catalogue.patternFor(title)?.timeFieldName,
    };
  }

  /** Makes sure the pattern exists (at start); never overwrites an existing one. */
  async ensure(repository: Repository, title: string): Promise<'exists' | 'created'> {
    if (await this.existing(repository, indexPatternId(title))) return 'exists';
    try {
      await this.save(repository, { title });
      return 'created';
    } catch (error) {
      // Another instance created it at the same moment.
      if (SavedObjectsErrorHelpers.isConflictError(error)) return 'exists';
      throw error;
    }
  }
}
