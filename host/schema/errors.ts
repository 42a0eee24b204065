/**
 * Errors of the config-schema API. A `SchemaTypeError` is one failure at a path relative to the
 * validated root; a `SchemaTypesError` groups the failures of every `oneOf` alternative; a
 * `ValidationError` is what `Type#validate` throws, its message prefixed with namespace and path.
 */
export class SchemaTypeError extends Error {
  constructor(
    message: string,
    public readonly path: string[],
  ) {
    super(message);
    this.name = 'SchemaTypeError';
  }
}

export class SchemaTypesError extends SchemaTypeError {
  constructor(
    message: string,
    path: string[],
    public readonly errors: SchemaTypeError[],
  ) {
    super(message, path);
    this.name = 'SchemaTypesError';
  }
}

/** Moves an error (and, for `oneOf`, every nested alternative's error) under `prefix`. */
export function prefixSchemaError(error: SchemaTypeError, prefix: string[]): SchemaTypeError {
  if (prefix.length === 0) return error;
  const path = [...prefix, ...error.path];
  if (error instanceof SchemaTypesError) {
    return new SchemaTypesError(
      error.message,
      path,
      error.errors.map((child) => prefixSchemaError(child, prefix)),
    );
  }
  return new SchemaTypeError(error.message, path);
}

function withPath(message: string, path: string[]): string {
  return path.length === 0 ? message : `[${path.join('.')}]: ${message}`;
}

/** The message body: for `oneOf`, the header then one `- [path]: message` line per alternative. */
function describe(error: SchemaTypeError, namespace: string | undefined, depth: number): string {
  if (!(error instanceof SchemaTypesError)) return error.message;
  const lines = error.errors.map((child) => {
    const childPath = namespace === undefined ? child.path : [namespace, ...child.path];
    return `${' '.repeat(depth)}- ${withPath(describe(child, namespace, depth + 1), childPath)}`;
  });
  return [error.message, ...lines].join('\n');
}

export class ValidationError extends Error {
  /** Path of the failing value below the validated root (without the namespace). */
  public readonly path: string[];
  /** The message without the `[namespace.path]: ` prefix. */
  public readonly rawMessage: string;

  constructor(
    public override readonly cause: SchemaTypeError,
    public readonly namespace?: string,
  ) {
    const rawMessage = describe(cause, namespace, 0);
    const fullPath = namespace === undefined ? cause.path : [namespace, ...cause.path];
    super(withPath(rawMessage, fullPath));
    this.name = 'ValidationError';
    this.path = cause.path;
    this.rawMessage = rawMessage;
  }
}
