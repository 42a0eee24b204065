/** The HTTP status a saved-objects repository error carries (404 missing, 409 conflict), if any. */
export function savedObjectStatus(error: unknown): number | undefined {
  return (error as { output?: { statusCode?: number } })?.output?.statusCode;
}
