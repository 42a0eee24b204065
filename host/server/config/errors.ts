/** A configuration problem that stops the start; the message names the key and where its value came from. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
