import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { IndexPatternService, indexPatternId } from './index-patterns';
import { KnownFieldsCatalogue } from './known-fields';
import {
  INDEX_PATTERN_TYPE,
  indexPatternSavedObjectType,
  VISUALIZATION_TYPE,
  visualizationSavedObjectType,
} from './saved-object-types';
import { listVisualizations } from './visualizations';

describe('indexer services', () => {
  let savedObjects: TestSavedObjects;

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) => {
      setup.registerType(visualizationSavedObjectType);
      setup.registerType(indexPatternSavedObjectType);
    });
  });
  afterEach(() => savedObjects.cleanup());

  it('derives one id per pattern title', () => {
    expect(indexPatternId('svc-alerts-*')).toBe('svc-alerts');
    expect(indexPatternId('logs,metrics-*')).toBe('logs_metrics');
    expect(indexPatternId('*')).toBe('pattern');
  });

  it('knows the configured alerts pattern and the built-in ones', () => {
    const catalogue = new KnownFieldsCatalogue('custom-alerts-*');
    expect(catalogue.patternFor('custom-alerts-*')).toMatchObject({
      title: 'Alerts',
      pattern: 'custom-alerts-*',
    });
    expect(catalogue.patternFor('wazuh-statistics')).toMatchObject({ title: 'Manager statistics' });
    expect(catalogue.patternFor('unknown-*')).toBeUndefined();
  });

  it('creates a known pattern with its fields, keeps an existing one on ensure, and updates on save', async () => {
    const repository = savedObjects.start.createInternalRepository();
    const patterns = new IndexPatternService(new KnownFieldsCatalogue('svc-alerts-*'));
    expect(await patterns.ensure(repository, 'svc-alerts-*')).toBe('created');
    expect(await patterns.ensure(repository, 'svc-alerts-*')).toBe('exists');
    const stored = await repository.get<{ title: string; timeFieldName: string; fields: string }>(
      INDEX_PATTERN_TYPE,
      'svc-alerts',
    );
    expect(stored.attributes).toMatchObject({ title: 'svc-alerts-*', timeFieldName: 'timestamp' });
    expect(
      JSON.parse(stored.attributes.fields).map((field: { name: string }) => field.name),
    ).toContain('rule.level');
    const saved = await patterns.save(repository, { title: 'svc-alerts-*', fields: [] });
    expect(saved).toMatchObject({ id: 'svc-alerts', result: 'updated', fieldCount: 0 });
    await expect(
      patterns.save(repository, { title: 'svc-alerts-*', version: stored.version }),
    ).rejects.toMatchObject({ output: { statusCode: 409 } });
  });

  it('lists visualizations newest first with their parsed state', async () => {
    const repository = savedObjects.start.createInternalRepository();
    await repository.create(
      VISUALIZATION_TYPE,
      { title: 'Alerts by level', visState: JSON.stringify({ type: 'pie', params: {} }) },
      { id: 'by-level' },
    );
    await repository.create(
      VISUALIZATION_TYPE,
      { title: 'Broken', visState: '{not json' },
      { id: 'broken' },
    );
    const client = savedObjects.start.getScopedClient({} as never);
    const page = await listVisualizations(client, { page: 1, perPage: 10 });
    expect(page.total).toBe(2);
    expect(
      page.visualizations.map((visualization) => [visualization.id, visualization.visState]),
    ).toEqual(
      expect.arrayContaining([
        ['by-level', { type: 'pie', params: {} }],
        ['broken', null],
      ]),
    );
    expect(
      (
        await listVisualizations(client, { page: 1, perPage: 10, search: 'level' })
      ).visualizations.map((visualization) => visualization.id),
    ).toEqual(['by-level']);
  });
});
