/** Lists the stored visualizations, newest first, a page at a time. */
import type { SavedObjectsClientContract } from '@host/server/types';
import { VISUALIZATION_TYPE } from './saved-object-types';

interface VisualizationAttributes {
  title: string;
  description?: string;
  visState?: string;
  uiStateJSON?: string;
  version?: number;
  kibanaSavedObjectMeta?: { searchSourceJSON?: string };
}

interface VisualizationSummary {
  id: string;
  title: string;
  description: string;
  /** The parsed `visState` (type, params, aggregations), or null when it is missing or not JSON. */
  visState: Record<string, unknown> | null;
  updated_at?: string;
  version?: string;
}

export interface VisualizationPage {
  page: number;
  per_page: number;
  total: number;
  visualizations: VisualizationSummary[];
}

function parseState(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function listVisualizations(
  client: SavedObjectsClientContract,
  options: { page: number; perPage: number; search?: string },
): Promise<VisualizationPage> {
  const found = await client.find<VisualizationAttributes>({
    type: VISUALIZATION_TYPE,
    page: options.page,
    perPage: options.perPage,
    sortField: 'updated_at',
    sortOrder: 'desc',
    ...(options.search ? { search: options.search, searchFields: ['title', 'description'] } : {}),
  });
  return {
    page: found.page,
    per_page: found.per_page,
    total: found.total,
    visualizations: found.saved_objects.map((object) => ({
      id: object.id,
      title: object.attributes.title,
      description: object.attributes.description ?? '',
      visState: parseState(object.attributes.visState),
      updated_at: object.updated_at,
      version: object.version,
    })),
  };
}
