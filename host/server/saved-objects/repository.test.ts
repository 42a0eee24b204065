import type {
  SavedObjectsClientContract,
  SavedObjectsClientError,
  SavedObjectsServiceSetup,
} from '../types';
import { Client } from 'pg';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from './postgres/test-support';
import { startTestSavedObjects, type TestSavedObjects } from './testing';

const request = {} as Parameters<TestSavedObjects['start']['getScopedClient']>[0];

function registerTestTypes(setup: SavedObjectsServiceSetup): void {
  const mappings = { properties: { title: { type: 'text' } } };
  setup.registerType({ name: 'thing', hidden: false, namespaceType: 'single', mappings });
  setup.registerType({ name: 'global', hidden: false, namespaceType: 'agnostic', mappings });
  setup.registerType({ name: 'shared', hidden: false, namespaceType: 'multiple', mappings });
  setup.registerType({ name: 'secret', hidden: true, namespaceType: 'single', mappings });
}

/** The error a promise rejects with, as the Boom-like payload plus the error itself. */
async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; error: SavedObjectsClientError }> {
  try {
    await promise;
  } catch (error) {
    const boom = error as SavedObjectsClientError;
    expect(boom.isBoom).toBe(true);
    expect(boom.output.payload.statusCode).toBe(boom.output.statusCode);
    expect(boom.message).toBe(boom.output.payload.message);
    return { status: boom.output.statusCode, message: boom.output.payload.message, error: boom };
  }
  throw new Error('expected the call to fail');
}

function decode(version: string | undefined): unknown {
  return JSON.parse(Buffer.from(version ?? '', 'base64').toString('utf8'));
}

/** The client's behaviour over one store; `storeUrl` gives an empty database per test (undefined: SQLite). */
function describeClient(storeName: string, storeUrl: () => Promise<string | undefined>): void {
  describe(`saved-objects client (${storeName})`, () => {
    let so: TestSavedObjects;
    let client: SavedObjectsClientContract;
    let clock: number;

    beforeEach(async () => {
      clock = Date.parse('2024-05-01T10:00:00.000Z');
      so = await startTestSavedObjects(registerTestTypes, {
        now: () => new Date((clock += 1000)),
        url: await storeUrl(),
      });
      client = so.start.getScopedClient(request);
    });
    afterEach(() => so.cleanup());

    describe('type registry', () => {
      it('refuses duplicates, late registrations and unknown hidden types', async () => {
        const fresh = await startTestSavedObjects((setup) => {
          setup.registerType({
            name: 'a',
            hidden: false,
            namespaceType: 'single',
            mappings: { properties: {} },
          });
          expect(() =>
            setup.registerType({
              name: 'a',
              hidden: false,
              namespaceType: 'single',
              mappings: { properties: {} },
            }),
          ).toThrow("Type 'a' is already registered");
          expect(() =>
            setup.registerType({
              name: 'b',
              hidden: false,
              namespaceType: 'nope' as 'single',
              mappings: { properties: {} },
            }),
          ).toThrow(/invalid namespaceType \[nope\]/);
        });
        expect(() =>
          fresh.service.setup.registerType({
            name: 'c',
            hidden: false,
            namespaceType: 'single',
            mappings: { properties: {} },
          }),
        ).toThrow('cannot call `registerType` after service startup.');
        expect(() => fresh.start.createInternalRepository(['nope', 'zip'])).toThrow(
          "Missing mappings for saved objects types: 'nope, zip'",
        );
        await fresh.cleanup();
      });

      it('freezes registered definitions and answers namespace questions', () => {
        const registry = so.start.getTypeRegistry();
        const thing = registry.getType('thing')!;
        expect(Object.isFrozen(thing)).toBe(true);
        expect(Object.isFrozen(thing.mappings.properties)).toBe(true);
        expect(registry.isHidden('secret')).toBe(true);
        expect(registry.isNamespaceAgnostic('global')).toBe(true);
        expect(registry.isMultiNamespace('shared')).toBe(true);
        expect(registry.isSingleNamespace('unregistered')).toBe(true);
        expect(registry.getAllTypes().map((t) => t.name)).toEqual([
          'thing',
          'global',
          'shared',
          'secret',
        ]);
      });
    });

    describe('create', () => {
      it('generates an id and returns the stored object with an OSD version token', async () => {
        const created = await client.create(
          'thing',
          { title: 'One' },
          { references: [{ name: 'r', type: 'global', id: 'g' }] },
        );
        expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(created).toMatchObject({
          type: 'thing',
          attributes: { title: 'One' },
          references: [{ name: 'r', type: 'global', id: 'g' }],
          namespaces: ['default'],
          updated_at: '2024-05-01T10:00:01.000Z',
        });
        expect(decode(created.version)).toEqual([expect.any(Number), 1]);
        await expect(client.get('thing', created.id)).resolves.toEqual(created);
      });

      it('refuses unsupported and hidden types with 400', async () => {
        await expect(failure(client.create('nope', {}))).resolves.toMatchObject({
          status: 400,
          message: "Unsupported saved object type: 'nope': Bad Request",
        });
        await expect(failure(client.create('secret', {}))).resolves.toMatchObject({
          status: 400,
          message: "Unsupported saved object type: 'secret': Bad Request",
        });
        const withHidden = so.start.getScopedClient(request, { includedHiddenTypes: ['secret'] });
        await expect(withHidden.create('secret', { a: 1 }, { id: 's' })).resolves.toMatchObject({
          id: 's',
        });
        await expect(
          so.start.createInternalRepository(['secret']).get('secret', 's'),
        ).resolves.toMatchObject({ attributes: { a: 1 } });
      });

      it('answers 409 for an existing id unless overwrite, which replaces the whole object', async () => {
        await client.create('thing', { title: 'One', keep: true }, { id: 'a' });
        const conflict = await failure(client.create('thing', { title: 'Two' }, { id: 'a' }));
        expect(conflict).toMatchObject({ status: 409, message: 'Saved object [thing/a] conflict' });
        expect(client.errors.isConflictError(conflict.error)).toBe(true);
        const replaced = await client.create(
          'thing',
          { title: 'Two' },
          { id: 'a', overwrite: true },
        );
        expect(replaced.attributes).toEqual({ title: 'Two' });
        await expect(client.get('thing', 'a')).resolves.toMatchObject({
          attributes: { title: 'Two' },
        });
      });

      it('overwrites with a version only when it is current', async () => {
        const first = await client.create('thing', { title: 'One' }, { id: 'a' });
        const second = await client.create(
          'thing',
          { title: 'Two' },
          { id: 'a', overwrite: true, version: first.version },
        );
        await expect(
          failure(
            client.create(
              'thing',
              { title: 'Three' },
              { id: 'a', overwrite: true, version: first.version },
            ),
          ),
        ).resolves.toMatchObject({
          status: 409,
          message: 'Saved object [thing/a] conflict',
        });
        await expect(
          client.create(
            'thing',
            { title: 'Three' },
            { id: 'a', overwrite: true, version: second.version },
          ),
        ).resolves.toMatchObject({
          attributes: { title: 'Three' },
        });
      });

      it('rejects malformed input with 400 naming it', async () => {
        const invalid = await failure(
          client.create('thing', {}, { id: 'a', overwrite: true, version: 'abc' }),
        );
        expect(invalid).toMatchObject({ status: 400, message: 'Invalid version [abc]' });
        expect(client.errors.isInvalidVersionError(invalid.error)).toBe(true);
        expect(client.errors.isBadRequestError(invalid.error)).toBe(true);
        const notPair = Buffer.from('[1]').toString('base64');
        await expect(
          failure(client.update('thing', 'a', {}, { version: notPair })),
        ).resolves.toMatchObject({ message: `Invalid version [${notPair}]` });
        await expect(
          failure(client.create('thing', {}, { namespace: '*' })),
        ).resolves.toMatchObject({
          status: 400,
          message: '"options.namespace" cannot be "*": Bad Request',
        });
        await expect(
          failure(client.create('thing', 'text' as unknown as object)),
        ).resolves.toMatchObject({
          message: '"attributes" must be an object: Bad Request',
        });
        await expect(failure(client.create('thing', {}, { id: '' }))).resolves.toMatchObject({
          message: '"id" must be a non-empty string: Bad Request',
        });
        await expect(failure(client.create('thing', {}, { id: 'a\0b' }))).resolves.toMatchObject({
          status: 400,
          message: '"id" must not contain NUL characters: Bad Request',
        });
        await expect(
          failure(client.create('thing', {}, { references: [{ name: 'r', type: 't', id: '\0' }] })),
        ).resolves.toMatchObject({
          message: '"references" must be an array of {name, type, id}: Bad Request',
        });
        await expect(
          failure(client.create('thing', {}, { references: [{ name: 'x' }] as never })),
        ).resolves.toMatchObject({
          message: '"references" must be an array of {name, type, id}: Bad Request',
        });
        await expect(
          failure(client.create('thing', {}, { initialNamespaces: ['a'] })),
        ).resolves.toMatchObject({
          message: '"initialNamespaces" can only be used on multi-namespace types: Bad Request',
        });
        await expect(
          failure(client.create('shared', {}, { initialNamespaces: [] })),
        ).resolves.toMatchObject({
          message: '"initialNamespaces" must be a non-empty array of strings: Bad Request',
        });
      });
    });

    describe('namespaces', () => {
      it('keeps single-namespace objects apart per namespace, "default" being the same as none', async () => {
        await client.create('thing', { title: 'default' }, { id: 'a' });
        await client.create('thing', { title: 'blue' }, { id: 'a', namespace: 'blue' });
        await expect(client.get('thing', 'a', { namespace: 'default' })).resolves.toMatchObject({
          attributes: { title: 'default' },
          namespaces: ['default'],
        });
        await expect(client.get('thing', 'a', { namespace: 'blue' })).resolves.toMatchObject({
          attributes: { title: 'blue' },
          namespaces: ['blue'],
        });
        await expect(
          failure(client.get('thing', 'a', { namespace: 'green' })),
        ).resolves.toMatchObject({
          status: 404,
          message: 'Saved object [thing/a] not found',
        });
      });

      it('shows agnostic objects everywhere with no namespaces', async () => {
        await client.create('global', { title: 'g' }, { id: 'g', namespace: 'blue' });
        await expect(client.get('global', 'g')).resolves.toMatchObject({ namespaces: [] });
        await expect(
          client
            .create('global', {}, { id: 'g', namespace: 'green' })
            .catch((e) => e.output.statusCode),
        ).resolves.toBe(409);
      });

      it('shares multi-namespace objects with their namespaces only', async () => {
        await client.create(
          'shared',
          { title: 's' },
          { id: 's', initialNamespaces: ['blue', 'green'] },
        );
        await expect(client.get('shared', 's', { namespace: 'green' })).resolves.toMatchObject({
          namespaces: ['blue', 'green'],
        });
        await expect(failure(client.get('shared', 's'))).resolves.toMatchObject({ status: 404 });
        await expect(
          failure(client.create('shared', {}, { id: 's', overwrite: true })),
        ).resolves.toMatchObject({ status: 409 });
        await expect(
          failure(client.delete('shared', 's', { namespace: 'blue' })),
        ).resolves.toMatchObject({
          status: 400,
          message:
            'Unable to delete saved object that exists in multiple namespaces, use the "force" option to delete it anyway: Bad Request',
        });
        await expect(
          client.delete('shared', 's', { namespace: 'blue', force: true }),
        ).resolves.toEqual({});
        const single = await client.create('shared', { title: 'mine' });
        expect(single.namespaces).toEqual(['default']);
        await expect(
          client.create('shared', { title: 'again' }, { id: single.id, overwrite: true }),
        ).resolves.toMatchObject({ namespaces: ['default'] });
      });
    });

    describe('bulkCreate and bulkGet', () => {
      it('reports per-item errors in order', async () => {
        await client.create('thing', {}, { id: 'taken' });
        const result = await client.bulkCreate([
          { type: 'thing', id: 'fresh', attributes: { title: 'F' } },
          { type: 'thing', id: 'taken', attributes: {} },
          { type: 'secret', id: 'x', attributes: {} },
        ]);
        expect(result.saved_objects[0]).toMatchObject({ id: 'fresh', attributes: { title: 'F' } });
        expect(result.saved_objects[1]).toEqual({
          id: 'taken',
          type: 'thing',
          error: {
            statusCode: 409,
            error: 'Conflict',
            message: 'Saved object [thing/taken] conflict',
          },
        });
        expect(result.saved_objects[2]).toEqual({
          id: 'x',
          type: 'secret',
          error: {
            statusCode: 400,
            error: 'Bad Request',
            message: "Unsupported saved object type: 'secret': Bad Request",
          },
        });
      });

      it('bulkGet never throws for items and keeps the request order', async () => {
        await client.create('thing', { title: 'A', extra: 1 }, { id: 'a' });
        const result = await client.bulkGet([
          { type: 'thing', id: 'missing' },
          { type: 'thing', id: 'a', fields: ['title'] },
          { type: 'nope', id: 'x' },
        ]);
        expect(result.saved_objects[0]).toEqual({
          id: 'missing',
          type: 'thing',
          error: {
            statusCode: 404,
            error: 'Not Found',
            message: 'Saved object [thing/missing] not found',
          },
        });
        expect(result.saved_objects[1]).toMatchObject({ id: 'a', attributes: { title: 'A' } });
        expect(result.saved_objects[1].attributes).toEqual({ title: 'A' });
        expect(result.saved_objects[2].error).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: "Unsupported saved object type: 'nope': Bad Request",
        });
      });
    });

    describe('get and delete', () => {
      it('answers 404 for missing, hidden and unknown types', async () => {
        for (const [type, id] of [
          ['thing', 'x'],
          ['secret', 'x'],
          ['nope', 'y'],
        ]) {
          const notFound = await failure(client.get(type, id));
          expect(notFound).toMatchObject({
            status: 404,
            message: `Saved object [${type}/${id}] not found`,
          });
          expect(client.errors.isNotFoundError(notFound.error)).toBe(true);
        }
        await expect(failure(client.delete('thing', 'x'))).resolves.toMatchObject({
          status: 404,
          message: 'Saved object [thing/x] not found',
        });
        await expect(failure(client.update('thing', 'x', {}))).resolves.toMatchObject({
          status: 404,
          message: 'Saved object [thing/x] not found',
        });
      });

      it('deletes', async () => {
        await client.create('thing', {}, { id: 'a' });
        await expect(client.delete('thing', 'a')).resolves.toEqual({});
        await expect(failure(client.get('thing', 'a'))).resolves.toMatchObject({ status: 404 });
      });
    });

    describe('update', () => {
      it('deep-merges objects, replaces arrays and returns only what was passed', async () => {
        const created = await client.create(
          'thing',
          { title: 'T', nested: { a: 1, b: { c: 2 } }, list: [1, 2, 3] },
          { id: 'a', references: [{ name: 'r', type: 't', id: '1' }] },
        );
        const updated = await client.update('thing', 'a', { nested: { b: { d: 3 } }, list: [9] });
        expect(updated).toEqual({
          id: 'a',
          type: 'thing',
          updated_at: '2024-05-01T10:00:02.000Z',
          version: expect.any(String),
          namespaces: ['default'],
          references: undefined,
          attributes: { nested: { b: { d: 3 } }, list: [9] },
        });
        expect(updated.version).not.toBe(created.version);
        await expect(client.get('thing', 'a')).resolves.toMatchObject({
          attributes: { title: 'T', nested: { a: 1, b: { c: 2, d: 3 } }, list: [9] },
          references: [{ name: 'r', type: 't', id: '1' }],
          version: updated.version,
        });
        const withRefs = await client.update('thing', 'a', {}, { references: [] });
        expect(withRefs.references).toEqual([]);
        await expect(client.get('thing', 'a')).resolves.toMatchObject({ references: [] });
      });

      it('answers 409 for a stale version', async () => {
        const created = await client.create('thing', { n: 0 }, { id: 'a' });
        await client.update('thing', 'a', { n: 1 }, { version: created.version });
        await expect(
          failure(client.update('thing', 'a', { n: 2 }, { version: created.version })),
        ).resolves.toMatchObject({
          status: 409,
          message: 'Saved object [thing/a] conflict',
        });
      });

      it('lets exactly one of two concurrent updates with the same version win', async () => {
        const created = await client.create('thing', { n: 0 }, { id: 'a' });
        const results = await Promise.allSettled([
          client.update('thing', 'a', { n: 1 }, { version: created.version }),
          client.update('thing', 'a', { n: 2 }, { version: created.version }),
        ]);
        const fulfilled = results.filter((r) => r.status === 'fulfilled');
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(fulfilled).toHaveLength(1);
        expect(rejected).toHaveLength(1);
        expect(rejected[0].reason.output.payload).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'Saved object [thing/a] conflict',
        });
      });

      it('merges concurrent updates without a version instead of losing one', async () => {
        await client.create('thing', {}, { id: 'a' });
        await Promise.all(
          Array.from({ length: 50 }, (_, i) => client.update('thing', 'a', { [`k${i}`]: i })),
        );
        const stored = await client.get<Record<string, number>>('thing', 'a');
        expect(Object.keys(stored.attributes)).toHaveLength(50);
      });
    });

    describe('find', () => {
      beforeEach(async () => {
        for (let i = 1; i <= 25; i += 1) {
          const n = String(i).padStart(2, '0');
          await client.create(
            'thing',
            { title: `Item ${n}`, group: i % 2 ? 'odd' : 'even', n: i },
            { id: `t${n}` },
          );
        }
        await client.create('thing', { title: 'Blue item' }, { id: 'blue', namespace: 'blue' });
        await client.create('global', { title: 'Global item' }, { id: 'g' });
        await client.create(
          'thing',
          { title: 'Referencing' },
          { id: 'ref', references: [{ name: 'g', type: 'global', id: 'g' }] },
        );
        await so.start
          .createInternalRepository(['secret'])
          .create('secret', { title: 'Secret item' }, { id: 's' });
      });

      it('pages with defaults 1 and 20', async () => {
        const result = await client.find({ type: 'thing' });
        expect(result).toMatchObject({ page: 1, per_page: 20, total: 26 });
        expect(result.saved_objects).toHaveLength(20);
        expect(result.saved_objects[0]).toMatchObject({
          id: 'ref',
          score: 0,
          namespaces: ['default'],
        });
        const last = await client.find({ type: 'thing', page: 2, perPage: 20 });
        expect(last.saved_objects).toHaveLength(6);
      });

      it('searches the search fields (boosts ignored) and sorts', async () => {
        const odd = await client.find({
          type: 'thing',
          search: 'odd',
          searchFields: ['group^2'],
          sortField: 'n',
          sortOrder: 'desc',
          perPage: 3,
        });
        expect(odd.total).toBe(13);
        expect(odd.saved_objects.map((o) => o.id)).toEqual(['t25', 't23', 't21']);
        expect(odd.saved_objects[0].score).toBe(1);
        const items = await client.find({
          type: ['thing', 'global'],
          search: 'item',
          searchFields: ['title'],
          perPage: 100,
        });
        expect(items.total).toBe(26);
        const byTitle = await client.find({
          type: 'thing',
          search: 'item 0*',
          defaultSearchOperator: 'AND',
          sortField: 'title',
          perPage: 3,
        });
        expect(byTitle.saved_objects.map((o) => o.attributes)).toEqual([
          expect.objectContaining({ title: 'Item 01' }),
          expect.objectContaining({ title: 'Item 02' }),
          expect.objectContaining({ title: 'Item 03' }),
        ]);
        const recent = await client.find({
          type: 'thing',
          sortField: 'updated_at',
          sortOrder: 'desc',
          perPage: 1,
        });
        expect(recent.saved_objects[0].id).toBe('ref');
      });

      it('filters by namespace, reference and projects fields', async () => {
        const blue = await client.find({ type: 'thing', namespace: 'blue' });
        expect(blue.saved_objects.map((o) => [o.id, o.namespaces])).toEqual([['blue', ['blue']]]);
        const both = await client.find({
          type: 'thing',
          namespaces: ['blue', 'default'],
          perPage: 0,
        });
        expect(both.total).toBe(27);
        const referencing = await client.find({
          type: 'thing',
          hasReference: { type: 'global', id: 'g' },
          fields: ['title'],
        });
        expect(referencing.saved_objects).toEqual([
          expect.objectContaining({ id: 'ref', attributes: { title: 'Referencing' } }),
        ]);
      });

      it('drops hidden and unknown types silently', async () => {
        await expect(client.find({ type: ['secret', 'nope'] })).resolves.toEqual({
          page: 1,
          per_page: 20,
          total: 0,
          saved_objects: [],
        });
        const internal = so.start.createInternalRepository(['secret']);
        await expect(internal.find({ type: 'secret' })).resolves.toMatchObject({ total: 1 });
      });

      it('rejects malformed options with 400', async () => {
        const cases: Array<[object, string]> = [
          [{}, 'options.type must be a string or an array of strings: Bad Request'],
          [{ type: 'thing', fields: 'title' }, 'options.fields must be an array: Bad Request'],
          [
            { type: 'thing', searchFields: 'title' },
            'options.searchFields must be an array: Bad Request',
          ],
          [
            { type: 'thing', page: 0 },
            'options.page must be an integer of at least 1: Bad Request',
          ],
          [
            { type: 'thing', perPage: 1.5 },
            'options.perPage must be an integer of at least 0: Bad Request',
          ],
          [
            { type: 'thing', page: 200, perPage: 100 },
            'options.page * options.perPage must not exceed 10000: Bad Request',
          ],
          [
            { type: 'thing', sortField: 'a"b' },
            'options.sortField [a"b] is not a valid field name: Bad Request',
          ],
          [
            { type: 'thing', sortField: 'n', sortOrder: 'up' },
            'options.sortOrder must be "asc" or "desc": Bad Request',
          ],
          [
            { type: 'thing', hasReference: { type: 1 } },
            'options.hasReference must be an object with string type and id: Bad Request',
          ],
          [
            { type: 'thing', namespaces: 'blue' },
            'options.namespaces must be a non-empty array of strings: Bad Request',
          ],
          [
            { type: 'thing', namespaces: [] },
            'options.namespaces must be a non-empty array of strings: Bad Request',
          ],
          [{ type: 'thing', search: 5 }, 'options.search must be a string: Bad Request'],
        ];
        for (const [options, message] of cases) {
          await expect(failure(client.find(options as never))).resolves.toMatchObject({
            status: 400,
            message,
          });
        }
      });
    });

    describe('error helpers', () => {
      it('creates and recognises errors by kind, not status', () => {
        const { errors } = client;
        expect(errors.createGenericNotFoundError().output.payload).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'Not Found',
        });
        const badRequest = errors.createBadRequestError('reason');
        expect(badRequest.output.payload.message).toBe('reason: Bad Request');
        expect(errors.isBadRequestError(badRequest)).toBe(true);
        expect(errors.isInvalidVersionError(badRequest)).toBe(false);
        expect(errors.isSavedObjectsClientError(new Error('x'))).toBe(false);
        expect(errors.isNotFoundError({ output: { statusCode: 404 } })).toBe(false);
      });
    });
  });
}

describeClient('sqlite', async () => undefined);

describeWithPostgres('saved-objects client on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  describeClient('postgres', async () => {
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await admin.end();
    return database.url;
  });
});
