import { schema } from '../../../schema';
import { RouteValidationError } from '../../errors';
import { validatedParts, validationRefusal } from './validation';

const asIs = (params: Record<string, string | undefined>) => params as Record<string, string>;

describe('validatedParts', () => {
  const validate = {
    params: schema.object({ id: schema.string() }),
    query: schema.object({ force: schema.boolean({ defaultValue: false }) }),
    body: schema.object({ name: schema.string() }),
  };

  it('validates params, query and body with the route schemas', () => {
    // The router's query objects have no prototype: they are validated as plain objects.
    const query = Object.assign(Object.create(null) as object, { force: 'true' });
    expect(
      validatedParts(validate, asIs, { params: { id: 'a' }, query, body: { name: 'n' } }),
    ).toEqual({ params: { id: 'a' }, query: { force: true }, body: { name: 'n' } });
  });

  it('gives routes without validation nothing of the raw input', () => {
    expect(
      validatedParts(false, asIs, { params: { id: 'a' }, query: { q: 1 }, body: { b: 2 } }),
    ).toEqual({ params: {}, query: {}, body: {} });
  });

  it('names the failing field, the params first', () => {
    expect(() => validatedParts(validate, asIs, { params: {}, query: {}, body: {} })).toThrow(
      '[request params.id]: expected value of type [string] but got [undefined]',
    );
  });

  it('hands Fastify params to the route under its own names', () => {
    const renamed = (raw: Record<string, string | undefined>) => ({ id: String(raw['*']) });
    expect(
      validatedParts({ params: validate.params }, renamed, {
        params: { '*': 'x' },
        query: {},
        body: undefined,
      }),
    ).toMatchObject({ params: { id: 'x' } });
  });
});

describe('validationRefusal', () => {
  it('answers 400 with the validation message, and nothing for other errors', () => {
    expect(validationRefusal(new RouteValidationError('[request body.name]: bad'))).toEqual({
      statusCode: 400,
      message: '[request body.name]: bad',
    });
    expect(validationRefusal(new Error('boom'))).toBeUndefined();
  });
});
