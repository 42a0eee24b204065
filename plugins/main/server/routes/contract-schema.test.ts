import { schema } from '@host/schema';
import { contractSchema } from './contract-schema';

interface Greeting {
  name: string;
  times?: number;
}

describe('contractSchema', () => {
  it('hands back the schema when its type is the contract', () => {
    const greeting = contractSchema<Greeting>()(
      schema.object({ name: schema.string(), times: schema.maybe(schema.number()) }),
    );
    const body: Greeting = greeting.validate({ name: 'ana' });
    expect(body).toEqual({ name: 'ana' });
  });
});

// Checked by tsc (`npm run lint`): each schema below differs from the contract, so each must fail
// to compile; an @ts-expect-error that finds no error fails the lint.
// @ts-expect-error looser than the contract: a value it accepts is not a Greeting.
contractSchema<Greeting>()(schema.object({ name: schema.maybe(schema.string()) }));
contractSchema<Greeting>()(
  // @ts-expect-error stricter than the contract: a Greeting without `times` is not of its type.
  schema.object({ name: schema.string(), times: schema.number() }),
);
