/**
 * Lifecycle step: a route that changes state needs the `osd-xsrf` (or `osd-version`) header, as in
 * OpenSearch Dashboards: a browser sends it only from the dashboard's own pages.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Refusal } from './refusal';

const XSRF_MISSING_MESSAGE = 'Request must contain a osd-xsrf header.';

export function xsrfRefusal(
  xsrfRequired: boolean,
  headers: IncomingHttpHeaders,
): Refusal | undefined {
  if (!xsrfRequired || headers['osd-xsrf'] !== undefined || headers['osd-version'] !== undefined)
    return undefined;
  return { statusCode: 400, message: XSRF_MISSING_MESSAGE };
}
