import { z } from 'zod/v4';
import { parseJson } from './coercion';
import { isPlainObject, typeDetect } from './type-detect';
import { Type, TypeOf, TypeOptions } from './type';
import { accept, reject, StepOutcome, prepared } from './zod-bridge';

export type Props = Record<string, Type<unknown>>;
export type NullableProps = Record<string, Type<unknown> | undefined | null>;

type OptionalKeys<P extends Props> = {
  [K in keyof P]: undefined extends TypeOf<P[K]> ? K : never;
}[keyof P];
type RequiredKeys<P extends Props> = Exclude<keyof P, OptionalKeys<P>>;

export type ObjectResultType<P extends Props> = Readonly<
  { [K in OptionalKeys<P>]?: TypeOf<P[K]> } & { [K in RequiredKeys<P>]: TypeOf<P[K]> }
>;

/** What to do with keys the props do not define: reject (default), keep, or drop them. */
export type ObjectUnknowns = 'forbid' | 'allow' | 'ignore';

export interface ObjectTypeOptions<P extends Props> extends TypeOptions<ObjectResultType<P>> {
  unknowns?: ObjectUnknowns;
}

type DefinedKeys<NP extends NullableProps> = {
  [K in keyof NP]: NP[K] extends Type<unknown> ? K : never;
}[keyof NP];
export type ExtendedProps<P extends Props, NP extends NullableProps> = Omit<P, keyof NP> & {
  [K in DefinedKeys<NP>]: Exclude<NP[K], undefined | null>;
};

/**
 * `undefined` becomes `{}` so that the props' defaults apply (props without one then fail), a JSON
 * string is parsed, and only plain objects pass.
 */
function prepareObject(value: unknown): StepOutcome {
  if (value === undefined) return accept({});
  let input = value;
  if (typeof input === 'string') {
    const result = parseJson(input);
    if (!result.parsed) return reject('could not parse object value from json input');
    if (isPlainObject(result.value)) input = result.value;
  }
  return isPlainObject(input)
    ? accept(input)
    : reject(`expected a plain object value, but found [${typeDetect(value)}] instead.`);
}

function buildObjectSchema(props: Props, unknowns: ObjectUnknowns): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, type] of Object.entries(props)) shape[key] = type.zodSchema;
  const withUnknowns =
    unknowns === 'allow'
      ? z.looseObject(shape)
      : unknowns === 'ignore'
        ? z.object(shape)
        : z.strictObject(shape);
  return prepared(prepareObject, withUnknowns);
}

export class ObjectType<P extends Props = Props> extends Type<ObjectResultType<P>> {
  constructor(
    private readonly props: P,
    private readonly options: ObjectTypeOptions<P> = {},
  ) {
    super(buildObjectSchema(props, options.unknowns ?? 'forbid'), options);
  }

  /** A new object type with `newProps` added or replacing props; a prop set to `undefined` is removed. */
  extends<NP extends NullableProps>(
    newProps: NP,
    newOptions: ObjectTypeOptions<ExtendedProps<P, NP>> = {},
  ): ObjectType<ExtendedProps<P, NP>> {
    const props: Props = { ...this.props };
    for (const [key, type] of Object.entries(newProps)) {
      if (type) props[key] = type;
      else delete props[key];
    }
    const options = { ...this.options, ...newOptions } as ObjectTypeOptions<ExtendedProps<P, NP>>;
    return new ObjectType(props as ExtendedProps<P, NP>, options);
  }

  /** The prop types, for callers that validate one key at a time. */
  getPropSchemas(): P {
    return { ...this.props };
  }
}

export function object<P extends Props>(props: P, options?: ObjectTypeOptions<P>): ObjectType<P> {
  return new ObjectType(props, options);
}
