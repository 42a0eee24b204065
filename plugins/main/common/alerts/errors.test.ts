import { ALERTS_SCOPE_ERROR_CODES, INDEXER_ERROR_CODES, alertsFailureSource } from './errors';

describe('alertsFailureSource', () => {
  it.each(INDEXER_ERROR_CODES)('blames the indexer for %s', (code) => {
    expect(alertsFailureSource(code)).toBe('indexer');
  });

  it.each(ALERTS_SCOPE_ERROR_CODES)("blames the view's scope for %s", (code) => {
    expect(alertsFailureSource(code)).toBe('scope');
  });

  it.each([undefined, 'report_timeout', 'invalid_request', 'indexer', 'indexer_'])(
    'blames the request for %s',
    (code) => {
      expect(alertsFailureSource(code)).toBe('request');
    },
  );
});
