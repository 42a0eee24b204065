/**
 * The behaviour every saved-objects store must show, as a reusable Jest suite: each backend's test
 * file calls `describeSavedObjectsStore('<backend>', createFixture)` so all backends are held to
 * the same contract.
 */
import { parseSearch } from './search';
import type { NewDocument, SavedObjectsStore, StoredDocument } from './types';

export interface StoreFixture {
  store: SavedObjectsStore;
  /** Closes the store and opens the same database again. */
  reopen(): Promise<SavedObjectsStore>;
  /** Closes everything and removes the database. */
  cleanup(): Promise<void>;
}

function doc(overrides: Partial<NewDocument> & { id: string }): NewDocument {
  return {
    type: 'thing',
    namespace: 'default',
    attributes: { title: `Thing ${overrides.id}` },
    references: [],
    namespaces: null,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function versionOf(document: StoredDocument) {
  return { seqNo: document.seqNo, primaryTerm: document.primaryTerm };
}

export function describeSavedObjectsStore(
  name: string,
  createFixture: () => Promise<StoreFixture>,
): void {
  describe(`saved-objects store: ${name}`, () => {
    let fixture: StoreFixture;
    let store: SavedObjectsStore;

    beforeEach(async () => {
      fixture = await createFixture();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    describe('single documents', () => {
      it('returns undefined for a missing document', async () => {
        await expect(
          store.get({ type: 'thing', namespace: 'default', id: 'nope' }),
        ).resolves.toBeUndefined();
      });

      it('inserts a document and reads it back unchanged', async () => {
        const attributes = {
          title: 'Ünïcødé ☃',
          nested: { list: [1, 'two', null], flag: true },
          empty: '',
        };
        const references = [{ name: 'ref', type: 'other', id: 'o1' }];
        const inserted = await store.insert(doc({ id: 'a', attributes, references }));
        expect(inserted).toMatchObject({
          type: 'thing',
          namespace: 'default',
          id: 'a',
          attributes,
          references,
        });
        expect(inserted!.seqNo).toBeGreaterThan(0);
        expect(inserted!.primaryTerm).toBeGreaterThan(0);
        await expect(store.get({ type: 'thing', namespace: 'default', id: 'a' })).resolves.toEqual(
          inserted,
        );
      });

      it('keeps key order, NUL characters and astral characters of attributes', async () => {
        const attributes = {
          zeta: 'a\u0000b',
          alpha: '😀 𝄞',
          middle: { y: 1, b: [{ d: 2, c: 3 }] },
        };
        await store.insert(doc({ id: 'k', attributes }));
        const stored = await store.get({ type: 'thing', namespace: 'default', id: 'k' });
        expect(JSON.stringify(stored?.attributes)).toBe(JSON.stringify(attributes));
      });

      it('treats a key holding NUL as naming no document', async () => {
        const key = { type: 'thing', namespace: 'default', id: 'a\u0000' };
        await expect(store.get(key)).resolves.toBeUndefined();
        await expect(store.bulkGet([key])).resolves.toEqual([undefined]);
        await expect(store.replace(doc({ id: key.id }))).resolves.toEqual({ status: 'not_found' });
        await expect(store.modify(key, (current) => current)).resolves.toEqual({
          status: 'not_found',
        });
        await expect(store.delete(key)).resolves.toEqual({ status: 'not_found' });
      });

      it('insert leaves an existing document alone and says so', async () => {
        const first = await store.insert(doc({ id: 'a', attributes: { title: 'first' } }));
        await expect(
          store.insert(doc({ id: 'a', attributes: { title: 'second' } })),
        ).resolves.toBeUndefined();
        await expect(store.get({ type: 'thing', namespace: 'default', id: 'a' })).resolves.toEqual(
          first,
        );
      });

      it('keys documents by type, namespace and id', async () => {
        await store.insert(doc({ id: 'a', attributes: { title: 'default' } }));
        await store.insert(doc({ id: 'a', namespace: 'other', attributes: { title: 'other' } }));
        await store.insert(doc({ id: 'a', type: 'thing2', attributes: { title: 'thing2' } }));
        const titles = await store.bulkGet([
          { type: 'thing', namespace: 'default', id: 'a' },
          { type: 'thing', namespace: 'other', id: 'a' },
          { type: 'thing2', namespace: 'default', id: 'a' },
        ]);
        expect(titles.map((d) => d?.attributes.title)).toEqual(['default', 'other', 'thing2']);
      });

      it('stores the namespaces list of shared documents', async () => {
        await store.insert(doc({ id: 's', namespace: '', namespaces: ['default', 'blue'] }));
        const found = await store.get({ type: 'thing', namespace: '', id: 's' });
        expect(found?.namespaces).toEqual(['default', 'blue']);
      });

      it('bulkGet answers in request order with gaps for missing documents', async () => {
        await store.insert(doc({ id: 'a' }));
        await store.insert(doc({ id: 'c' }));
        const result = await store.bulkGet(
          ['c', 'b', 'a'].map((id) => ({ type: 'thing', namespace: 'default', id })),
        );
        expect(result.map((d) => d?.id)).toEqual(['c', undefined, 'a']);
      });

      it('upsert creates or replaces and always moves the version on', async () => {
        const created = await store.upsert(doc({ id: 'u', attributes: { title: 'one' } }));
        const replaced = await store.upsert(doc({ id: 'u', attributes: { title: 'two' } }));
        expect(replaced.attributes).toEqual({ title: 'two' });
        expect(replaced.seqNo).toBeGreaterThan(created.seqNo);
      });
    });

    describe('compare-and-set', () => {
      it('replace reports a missing document', async () => {
        await expect(store.replace(doc({ id: 'x' }))).resolves.toEqual({ status: 'not_found' });
      });

      it('replace succeeds with the current version and refuses a stale one', async () => {
        const first = (await store.insert(doc({ id: 'a' })))!;
        const second = await store.replace(
          doc({ id: 'a', attributes: { title: 'v2' } }),
          versionOf(first),
        );
        expect(second.status).toBe('ok');
        if (second.status !== 'ok') return;
        expect(second.document.seqNo).toBeGreaterThan(first.seqNo);
        await expect(
          store.replace(doc({ id: 'a', attributes: { title: 'v3' } }), versionOf(first)),
        ).resolves.toEqual({
          status: 'conflict',
        });
        expect(
          (await store.get({ type: 'thing', namespace: 'default', id: 'a' }))?.attributes,
        ).toEqual({ title: 'v2' });
      });

      it('replace without an expected version overwrites whatever is there', async () => {
        await store.insert(doc({ id: 'a' }));
        const result = await store.replace(doc({ id: 'a', attributes: { title: 'forced' } }));
        expect(result.status).toBe('ok');
      });

      it('lets exactly one of two writers with the same version win', async () => {
        const first = (await store.insert(doc({ id: 'a' })))!;
        const results = await Promise.all([
          store.replace(doc({ id: 'a', attributes: { title: 'left' } }), versionOf(first)),
          store.replace(doc({ id: 'a', attributes: { title: 'right' } }), versionOf(first)),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['conflict', 'ok']);
      });

      it('modify reads and writes in one step', async () => {
        const key = { type: 'thing', namespace: 'default', id: 'm' };
        await expect(store.modify(key, (current) => current)).resolves.toEqual({
          status: 'not_found',
        });
        const first = (await store.insert(doc({ id: 'm', attributes: { n: 0 } })))!;
        const changed = await store.modify(key, (current) => ({
          ...current,
          attributes: { n: (current.attributes.n as number) + 1 },
        }));
        expect(changed.status === 'ok' && changed.document.attributes).toEqual({ n: 1 });
        await expect(store.modify(key, (current) => current, versionOf(first))).resolves.toEqual({
          status: 'conflict',
        });
        await expect(
          store.modify(key, () => {
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        expect((await store.get(key))?.attributes).toEqual({ n: 1 });
      });

      it('modify never loses a concurrent change', async () => {
        const key = { type: 'thing', namespace: 'default', id: 'm' };
        await store.insert(doc({ id: 'm', attributes: {} }));
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            store.modify(key, (current) => ({
              ...current,
              attributes: { ...current.attributes, [`k${i}`]: i },
            })),
          ),
        );
        expect(Object.keys((await store.get(key))!.attributes)).toHaveLength(30);
      });

      it('never hands out a version twice, even after delete and re-create', async () => {
        const first = (await store.insert(doc({ id: 'a' })))!;
        await store.delete({ type: 'thing', namespace: 'default', id: 'a' });
        const again = (await store.insert(doc({ id: 'a' })))!;
        expect(again.seqNo).not.toBe(first.seqNo);
        await expect(store.replace(doc({ id: 'a' }), versionOf(first))).resolves.toEqual({
          status: 'conflict',
        });
      });

      it('delete reports missing documents and respects an expected version', async () => {
        const key = { type: 'thing', namespace: 'default', id: 'd' };
        await expect(store.delete(key)).resolves.toEqual({ status: 'not_found' });
        const first = (await store.insert(doc({ id: 'd' })))!;
        const second = await store.replace(doc({ id: 'd' }), versionOf(first));
        await expect(store.delete(key, versionOf(first))).resolves.toEqual({ status: 'conflict' });
        expect(second.status).toBe('ok');
        if (second.status === 'ok')
          await expect(store.delete(key, versionOf(second.document))).resolves.toEqual({
            status: 'ok',
          });
        await expect(store.get(key)).resolves.toBeUndefined();
      });
    });

    describe('find', () => {
      beforeEach(async () => {
        await store.insert(
          doc({
            id: 'a1',
            attributes: { title: 'Alpha dashboard', rank: 3, tags: ['red'] },
            updatedAt: '2024-01-03T00:00:00.000Z',
          }),
        );
        await store.insert(
          doc({
            id: 'a2',
            attributes: { title: 'Beta overview', rank: 1, owner: { name: 'alice' } },
            references: [{ name: 'host', type: 'host', id: 'h1' }],
            updatedAt: '2024-01-01T00:00:00.000Z',
          }),
        );
        await store.insert(
          doc({
            id: 'a3',
            attributes: { title: 'Alphabet soup', rank: 2 },
            updatedAt: '2024-01-02T00:00:00.000Z',
          }),
        );
        await store.insert(
          doc({ id: 'b1', namespace: 'blue', attributes: { title: 'Blue alpha' } }),
        );
        await store.insert(
          doc({ id: 'g1', type: 'global', namespace: '', attributes: { title: 'Global alpha' } }),
        );
        await store.insert(
          doc({
            id: 'm1',
            type: 'shared',
            namespace: '',
            namespaces: ['blue', 'green'],
            attributes: { title: 'Shared' },
          }),
        );
        await store.insert(
          doc({
            id: 'm2',
            type: 'shared',
            namespace: '',
            namespaces: ['*'],
            attributes: { title: 'Everywhere' },
          }),
        );
      });

      const ids = (result: { documents: StoredDocument[] }) => result.documents.map((d) => d.id);
      const base = { page: 1, perPage: 20 };

      it('filters by type and storage namespace', async () => {
        const result = await store.find({
          ...base,
          scopes: [{ type: 'thing', namespaces: ['default'] }],
        });
        expect(result.total).toBe(3);
        expect(ids(result)).toEqual(['a1', 'a2', 'a3']);
        const both = await store.find({
          ...base,
          scopes: [{ type: 'thing', namespaces: ['default', 'blue'] }],
        });
        expect(both.total).toBe(4);
      });

      it('combines scopes of several types', async () => {
        const result = await store.find({
          ...base,
          scopes: [{ type: 'thing', namespaces: ['blue'] }, { type: 'global' }],
        });
        expect(ids(result)).toEqual(['g1', 'b1']);
      });

      it('finds shared documents by namespace membership, including "*"', async () => {
        const green = await store.find({
          ...base,
          scopes: [{ type: 'shared', sharedWith: ['green'] }],
        });
        expect(ids(green)).toEqual(['m1', 'm2']);
        const other = await store.find({
          ...base,
          scopes: [{ type: 'shared', sharedWith: ['red'] }],
        });
        expect(ids(other)).toEqual(['m2']);
      });

      it('returns nothing for no scopes', async () => {
        await expect(store.find({ ...base, scopes: [] })).resolves.toEqual({
          total: 0,
          documents: [],
        });
      });

      it('pages with a total of all matches', async () => {
        const page2 = await store.find({ scopes: [{ type: 'thing' }], page: 2, perPage: 2 });
        expect(page2.total).toBe(4);
        expect(ids(page2)).toEqual(['a3', 'b1']);
        const beyond = await store.find({ scopes: [{ type: 'thing' }], page: 5, perPage: 2 });
        expect(beyond).toEqual({ total: 4, documents: [] });
        const countOnly = await store.find({ scopes: [{ type: 'thing' }], page: 1, perPage: 0 });
        expect(countOnly).toEqual({ total: 4, documents: [] });
      });

      it('sorts by an attribute or a root field, both directions', async () => {
        const scopes = [{ type: 'thing', namespaces: ['default'] }];
        const byRank = await store.find({
          ...base,
          scopes,
          sort: { field: { attribute: 'rank' }, order: 'asc' },
        });
        expect(ids(byRank)).toEqual(['a2', 'a3', 'a1']);
        const byRankDesc = await store.find({
          ...base,
          scopes,
          sort: { field: { attribute: 'rank' }, order: 'desc' },
        });
        expect(ids(byRankDesc)).toEqual(['a1', 'a3', 'a2']);
        const byUpdate = await store.find({
          ...base,
          scopes,
          sort: { field: { root: 'updated_at' }, order: 'desc' },
        });
        expect(ids(byUpdate)).toEqual(['a1', 'a3', 'a2']);
        const byNested = await store.find({
          ...base,
          scopes,
          sort: { field: { attribute: 'owner.name' }, order: 'desc' },
        });
        expect(ids(byNested)[0]).toBe('a2');
      });

      it('sorts values of mixed types: missing and null first, then numbers, then text', async () => {
        const ranks: Array<[string, unknown]> = [
          ['s1', 'b'],
          ['s2', 10],
          ['s3', null],
          ['s4', 'A'],
          ['s5', true],
          ['s6', 2.5],
          ['s7', undefined],
          ['s8', 'a10'],
          ['s9', -3],
          ['t1', 'x\u0000y'],
        ];
        for (const [id, rank] of ranks)
          await store.insert(
            doc({ id, type: 'mixed', attributes: rank === undefined ? {} : { rank } }),
          );
        const sorted = async (order: 'asc' | 'desc') =>
          ids(
            await store.find({
              ...base,
              scopes: [{ type: 'mixed' }],
              sort: { field: { attribute: 'rank' }, order },
            }),
          );
        const ascending = ['s3', 's7', 's9', 's5', 's6', 's2', 's4', 's8', 's1', 't1'];
        expect(await sorted('asc')).toEqual(ascending);
        // Ties (s3, s7) still go by type and id.
        expect(await sorted('desc')).toEqual([
          't1',
          's1',
          's8',
          's4',
          's2',
          's6',
          's5',
          's9',
          's3',
          's7',
        ]);
      });

      it('matches references and namespaces of documents holding NUL characters', async () => {
        await store.insert(
          doc({
            id: 'n1',
            type: 'shared',
            namespace: '',
            namespaces: ['green'],
            attributes: { title: 'nul\u0000inside' },
            references: [{ name: 'ref', type: 'host', id: 'h9' }],
          }),
        );
        const found = await store.find({
          ...base,
          scopes: [{ type: 'shared', sharedWith: ['green'] }],
          hasReference: { type: 'host', id: 'h9' },
          sort: { field: { attribute: 'title' }, order: 'asc' },
        });
        expect(ids(found)).toEqual(['n1']);
        const nulReference = await store.find({
          ...base,
          scopes: [{ type: 'shared' }],
          hasReference: { type: 'host', id: 'h\u0000' },
        });
        expect(nulReference.total).toBe(0);
      });

      it('searches words, prefixes and phrases with a score', async () => {
        const scopes = [{ type: 'thing' }, { type: 'global' }];
        const search = (text: string, operator: 'AND' | 'OR' = 'OR', fields?: string[]) =>
          store.find({ ...base, scopes, search: { terms: parseSearch(text), operator, fields } });
        expect(ids(await search('alpha'))).toEqual(['g1', 'a1', 'b1']);
        expect(ids(await search('alpha*'))).toEqual(['g1', 'a1', 'a3', 'b1']);
        expect(ids(await search('"blue alpha"'))).toEqual(['b1']);
        expect(ids(await search('ALICE'))).toEqual(['a2']);
        expect(ids(await search('alice', 'OR', ['title']))).toEqual([]);
        expect(ids(await search('red'))).toEqual(['a1']);
        const both = await search('alpha dashboard');
        expect(ids(both)[0]).toBe('a1');
        expect(both.documents[0].score).toBe(2);
        expect(ids(await search('alpha dashboard', 'AND'))).toEqual(['a1']);
      });

      it('filters by reference', async () => {
        const result = await store.find({
          ...base,
          scopes: [{ type: 'thing' }],
          hasReference: { type: 'host', id: 'h1' },
        });
        expect(ids(result)).toEqual(['a2']);
        const none = await store.find({
          ...base,
          scopes: [{ type: 'thing' }],
          hasReference: { type: 'host', id: 'h2' },
        });
        expect(none.total).toBe(0);
      });
    });

    it('keeps what was written across a reopen', async () => {
      await store.insert(doc({ id: 'kept', attributes: { title: 'kept' } }));
      store = await fixture.reopen();
      expect(
        (await store.get({ type: 'thing', namespace: 'default', id: 'kept' }))?.attributes,
      ).toEqual({ title: 'kept' });
      const next = await store.upsert(doc({ id: 'after' }));
      expect(next.seqNo).toBeGreaterThan(1);
    });
  });
}
