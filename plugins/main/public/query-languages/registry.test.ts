import { registerSvcQueryLanguages, QueryLanguageRegistry } from './registry';

describe('query language registry', () => {
  it('registers WQL, DQL and Lucene and loads each on demand', async () => {
    const registry = new QueryLanguageRegistry();
    registerSvcQueryLanguages(registry);
    expect(registry.list().map((language) => language.id)).toEqual(['wql', 'dql', 'lucene']);
    const fields = [{ name: 'status' }];
    expect((await registry.load('wql')).translate('status=active', fields)).toEqual({
      ok: true,
      query: { q: 'status=active' },
    });
    expect((await registry.load('dql')).translate('status:active', fields)).toEqual({
      ok: true,
      query: { q: 'status=active' },
    });
    expect((await registry.load('lucene')).translate('status:active', fields)).toEqual({
      ok: true,
      query: { q: 'status=active' },
    });
  });

  it.each(['wql', 'dql', 'lucene'])(
    'has %s translate blank input to no filter, as lists rely on without loading it',
    async (id) => {
      const registry = new QueryLanguageRegistry();
      registerSvcQueryLanguages(registry);
      const language = await registry.load(id);
      for (const blank of ['', '  ', '\t\n'])
        expect(language.translate(blank, [{ name: 'status' }])).toEqual({ ok: true, query: {} });
    },
  );

  it('loads a language once and refuses duplicates and unknown ids', async () => {
    const registry = new QueryLanguageRegistry();
    const language = { id: 'x', label: 'X', translate: () => ({ ok: true as const, query: {} }) };
    const load = jest.fn(async () => language);
    registry.register({ id: 'x', label: 'X', description: '', load });
    expect(() => registry.register({ id: 'x', label: 'X', description: '', load })).toThrow(
      'Query language "x" is already registered',
    );
    await registry.load('x');
    await registry.load('x');
    expect(load).toHaveBeenCalledTimes(1);
    await expect(registry.load('y')).rejects.toThrow('Query language "y" is not registered');
  });

  it('retries a load that failed', async () => {
    const registry = new QueryLanguageRegistry();
    const language = { id: 'x', label: 'X', translate: () => ({ ok: true as const, query: {} }) };
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(language);
    registry.register({ id: 'x', label: 'X', description: '', load });
    await expect(registry.load('x')).rejects.toThrow('chunk failed');
    await expect(registry.load('x')).resolves.toBe(language);
  });
});
