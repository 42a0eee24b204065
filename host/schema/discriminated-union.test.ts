import { schema } from './schema';
import type { TypeOf } from './type';
import { messageOf } from './test-helpers';

const shape = schema.discriminatedUnion('type', [
  schema.object({ type: schema.literal('circle'), radius: schema.number({ min: 0 }) }),
  schema.object({
    type: schema.literal('rect'),
    width: schema.number(),
    height: schema.maybe(schema.number()),
  }),
]);

describe('schema.discriminatedUnion', () => {
  it('checks a value against the alternative its discriminator names', () => {
    expect(shape.validate({ type: 'circle', radius: 2 })).toEqual({ type: 'circle', radius: 2 });
    expect(shape.validate({ type: 'rect', width: '3' })).toEqual({ type: 'rect', width: 3 });
  });

  it("names the wrong member of the chosen alternative only, under the union's path", () => {
    const body = schema.object({ shapes: schema.arrayOf(shape) });
    expect(messageOf(body, { shapes: [{ type: 'circle', radius: -1 }] }, 'request body')).toBe(
      '[request body.shapes.0.radius]: Value must be equal to or greater than [0].',
    );
    expect(messageOf(body, { shapes: [{ type: 'circle', radius: 1, width: 2 }] })).toBe(
      '[shapes.0.width]: definition for this key is missing',
    );
  });

  it('names the discriminator when it is missing or unknown', () => {
    expect(messageOf(shape, { type: 'triangle' })).toBe(
      '[type]: expected one of [circle | rect] but got [triangle]',
    );
    expect(messageOf(shape, { radius: 1 })).toBe(
      '[type]: expected one of [circle | rect] but got [undefined]',
    );
    expect(messageOf(shape, [1])).toBe('expected a plain object value, but found [Array] instead.');
  });

  it('runs its own check after the alternative accepted the value', () => {
    const square = schema.discriminatedUnion(
      'type',
      [
        schema.object({
          type: schema.literal('rect'),
          width: schema.number(),
          height: schema.number(),
        }),
      ],
      { validate: (rect) => (rect.width === rect.height ? undefined : 'must be a square') },
    );
    expect(messageOf(square, { type: 'rect', width: 1, height: 2 })).toBe('must be a square');
  });

  it('refuses an alternative without a literal discriminator', () => {
    expect(() =>
      schema.discriminatedUnion('type', [schema.object({ type: schema.string() })]),
    ).toThrow('every alternative needs a literal [type]');
  });

  it('types the value as the union, narrowed by the discriminator', () => {
    const area = (value: TypeOf<typeof shape>) =>
      value.type === 'circle' ? Math.PI * value.radius ** 2 : value.width * (value.height ?? 1);
    expect(area(shape.validate({ type: 'rect', width: 2, height: 3 }))).toBe(6);
  });
});
