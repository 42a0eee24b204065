/**
 * The Content-Security-Policy of every answer: scripts, styles, fonts and connections only from the
 * dashboard itself (pages carry no inline script, only a JSON data block). EUI's emotion styles are
 * injected at run time, hence inline styles; icons and fonts may be data URLs.
 */
export const CONTENT_SECURITY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};
