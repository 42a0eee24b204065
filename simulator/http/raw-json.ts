/**
 * A response body already serialised to JSON, so hot paths can assemble documents from cached parts
 * instead of stringifying whole objects on every request.
 */
export class RawJson {
  constructor(readonly json: string) {}
}
