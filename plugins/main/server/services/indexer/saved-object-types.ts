/** The saved-object types of the indexer routes, with the attributes OpenSearch Dashboards gives them. */
import type { SavedObjectsType } from '@host/server/types';

export const VISUALIZATION_TYPE = 'visualization';
export const INDEX_PATTERN_TYPE = 'index-pattern';

export const visualizationSavedObjectType: SavedObjectsType = {
  name: VISUALIZATION_TYPE,
  hidden: false,
  namespaceType: 'single',
  mappings: {
    properties: {
      title: { type: 'text' },
      description: { type: 'text' },
      visState: { type: 'text', index: false },
      uiStateJSON: { type: 'text', index: false },
      version: { type: 'integer' },
      kibanaSavedObjectMeta: { properties: { searchSourceJSON: { type: 'text', index: false } } },
    },
  },
};

export const indexPatternSavedObjectType: SavedObjectsType = {
  name: INDEX_PATTERN_TYPE,
  hidden: false,
  namespaceType: 'single',
  mappings: {
    properties: {
      title: { type: 'text' },
      timeFieldName: { type: 'keyword' },
      /** JSON text of the field list, as OpenSearch Dashboards stores it. */
      fields: { type: 'text', index: false },
      fieldFormatMap: { type: 'text', index: false },
      sourceFilters: { type: 'text', index: false },
    },
  },
};
