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
  const valueAt = (tree: unknown, dotted: string): unknown =>
    dotted
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
  const defaults = configSchema.validate({}, {}, 'svc');
  /** Values for the new keys that have no default. */
  const withoutDefault: Record<string, unknown> = {
    'notifications.webhookUrl': 'https://hooks.example.org/svc',
    'indexer.alertsIndexPattern': 'custom-alerts-*',
  };

  it.each(SVC_CONFIG_RENAMES)(
    '$from: only the new path $to is accepted by the schema',
    ({ from, to }) => {
      const value = valueAt(defaults, to) ?? withoutDefault[to];
      expect(value).toBeDefined();
      // The schema names the first unknown key on the old path: `[svc.ui_logs]` for `ui_logs.max_files`.
      let refusal = '';
      try {
        configSchema.validate(treeAt(from, value), {}, 'svc');
      } catch (error) {
        refusal = (error as Error).message;
      }
      const [, unknownKey] =
        /^\[svc\.([^\]]+)\]: definition for this key is missing/.exec(refusal) ?? [];
      expect(`${from}.`.startsWith(`${unknownKey}.`)).toBe(true);
      expect(configSchema.validate(treeAt(to, value), {}, 'svc')).toMatchObject(treeAt(to, value));
    },
  );
});
