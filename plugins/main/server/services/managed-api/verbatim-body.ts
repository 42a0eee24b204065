/**
 * A request body the caller encoded itself (a rules or decoders file, a CDB list, ossec.conf): sent
 * byte for byte with its own media type instead of being turned into JSON.
 */
export class VerbatimBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

/** The bytes and media type a request body travels as: JSON unless it is a `VerbatimBody`. */
export function encodeRequestBody(
  body: unknown,
): { text: string; contentType: string } | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof VerbatimBody) return { text: body.text, contentType: body.contentType };
  return { text: JSON.stringify(body), contentType: 'application/json' };
}
