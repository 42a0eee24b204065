import { createBasePath, normalizeBasePath } from './base-path';

describe('base path', () => {
  it('normalizes the configured value', () => {
    expect(normalizeBasePath('')).toBe('');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('/svc/')).toBe('/svc');
    expect(() => normalizeBasePath('svc')).toThrow('The base path [svc] must start with "/".');
  });

  it('prepends to and removes from absolute paths only', () => {
    const basePath = createBasePath('/svc');
    expect(basePath.prepend('/app/x')).toBe('/svc/app/x');
    expect(basePath.prepend('relative')).toBe('relative');
    expect(basePath.prepend('//elsewhere')).toBe('//elsewhere');
    expect(basePath.remove('/svc')).toBe('/');
    expect(basePath.remove('/svc/app')).toBe('/app');
    expect(basePath.remove('/svcx')).toBe('/svcx');
    expect(createBasePath('').prepend('/a')).toBe('/a');
  });
});
