/** The main plugin's schema: `svc.demo` (the host hands it over as `SVC_DEMO` text) and its renamed keys. */
import { configSchema, SVC_CONFIG_RENAMES } from './config';

const demoOf = (value: unknown) => configSchema.validate({ demo: value }, {}, 'svc').demo;

describe('svc.demo', () => {
  it('defaults to auto', () => {
    expect(configSchema.validate({}, {}, 'svc').demo).toBe('auto');
  });

  it('accepts auto and booleans, from env text in any case', () => {
    expect(demoOf('auto')).toBe('auto');
    expect(demoOf('TRUE')).toBe(true);
    expect(demoOf('False')).toBe(false);
    expect(demoOf(true)).toBe(true);
  });

  it('refuses anything else, naming the key', () => {
    expect(() => demoOf('maybe')).toThrow('[svc.demo');
  });
});

describe('renamed svc keys', () => {
  const treeAt = (dotted: string, value: unknown): Record<string, unknown> =>
    dotted.split('.').reduceRight<unknown>((child, key) => ({ [key]: child }), value) as Record<
      string,
      unknown
    >;

  it.each(SVC_CONFIG_RENAMES)(
    '$from: only the new path $to is accepted by the schema',
    ({ from, to }) => {
      expect(() => configSchema.validate(treeAt(from, 'x-*'), {}, 'svc')).toThrow(`[svc.${from}]`);
      expect(configSchema.validate(treeAt(to, 'x-*'), {}, 'svc')).toMatchObject(treeAt(to, 'x-*'));
    },
  );
});
