import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { IndexPatternService } from '../indexer/index-patterns';
import { KnownFieldsCatalogue } from '../indexer/known-fields';
import { INDEX_PATTERN_TYPE, indexPatternSavedObjectType } from '../indexer/saved-object-types';
import { indexPatternHealthCheck } from './index-pattern-health-check';

const TITLE = 'svc-alerts-*';

describe('index pattern health check', () => {
  let savedObjects: TestSavedObjects;
  const patterns = new IndexPatternService(new KnownFieldsCatalogue(TITLE));

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(indexPatternSavedObjectType),
    );
  });
  afterEach(() => savedObjects.cleanup());

  function check() {
    const repository = savedObjects.start.createInternalRepository();
    return indexPatternHealthCheck(() => ({ indexPatterns: patterns, repository }), {
      id: 'index-pattern',
      title: 'Alerts index pattern',
      pattern: () => TITLE,
    });
  }

  async function storedCount(): Promise<number> {
    const repository = savedObjects.start.createInternalRepository();
    return (await repository.find({ type: INDEX_PATTERN_TYPE })).total;
  }

  it('is red for a missing pattern and creates nothing, however often it runs', async () => {
    for (const refresh of [false, true, false]) {
      const outcome = await check().run({ refresh });
      expect(outcome.state).toBe('red');
      expect(outcome.message).toContain(`[${TITLE}] is missing`);
    }
    expect(await storedCount()).toBe(0);
  });

  it('is green for the pattern created at start, with its field count', async () => {
    await patterns.ensure(savedObjects.start.createInternalRepository(), TITLE);
    const outcome = await check().run({ refresh: true });
    expect(outcome.state).toBe('green');
    expect(outcome.message).toMatch(/exists with \d+ fields/);
    expect(outcome.details).toMatchObject({ present: true, timeFieldName: 'timestamp' });
  });

  it('is yellow when the pattern lost its fields or its time field', async () => {
    const repository = savedObjects.start.createInternalRepository();
    await patterns.save(repository, { title: TITLE, fields: [] });
    expect(await check().run({ refresh: true })).toMatchObject({
      state: 'yellow',
      message: expect.stringContaining('has no fields'),
    });
    await patterns.save(repository, {
      title: TITLE,
      timeFieldName: '@timestamp',
      fields: [{ name: 'rule.level', type: 'number' }] as never,
    });
    expect(await check().run({ refresh: true })).toMatchObject({
      state: 'yellow',
      message: expect.stringContaining('time field [@timestamp] instead of [timestamp]'),
    });
  });
});
