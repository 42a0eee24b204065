/** A refused settings change (unknown, read-only, or an invalid value); routes answer 400. */
export class UiSettingsError extends Error {
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
    this.name = 'UiSettingsError';
  }
}
