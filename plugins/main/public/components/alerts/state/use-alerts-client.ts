/** The alerts routes' client for a view, built over the app's http client and CSV downloader. */
import { useMemo } from 'react';
import { AlertsClient } from '../../../services/alerts-client';
import { useSvcServices } from '../../services-context';

export function useAlertsClient(): AlertsClient {
  const { core, csv } = useSvcServices();
  return useMemo(() => new AlertsClient(core.http, csv), [core.http, csv]);
}
