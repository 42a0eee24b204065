/**
 * Tells what a security team must know without looking at the dashboard: that an API host
 * stopped being usable, or came back. Each change goes to every configured channel: the dashboard's
 * log always, and a webhook (chat, paging or ticketing system) when `svc.notifications.webhookUrl`
 * is set.
 */
import type { Logger } from '@host/server/types';

export interface ApiHostStateChange {
  topic: 'api-host-status';
  /** `warning` for a loss (a host stopped being usable), `info` for a recovery. */
  severity: 'info' | 'warning';
  message: string;
  apiHostId: string;
  /** ISO time of the event. */
  at: string;
  details: Record<string, unknown>;
}

export interface StateChangeChannel {
  name: string;
  deliver(notification: ApiHostStateChange): Promise<void>;
}

/** The dashboard's own log: a structured line per notification. */
export function logChannel(logger: Logger): StateChangeChannel {
  return {
    name: 'log',
    async deliver(notification) {
      const meta = { topic: notification.topic, apiHostId: notification.apiHostId };
      if (notification.severity === 'warning') logger.warn(notification.message, meta);
      else logger.info(notification.message, meta);
    },
  };
}

export interface WebhookOptions {
  url: string;
  timeoutMs: number;
  /** Deliveries under way at once; past it a notification is dropped (and logged), never queued without end. */
  maxInFlight: number;
  logger: Logger;
  fetch?: typeof fetch;
}

/** POSTs each notification as JSON; a failed delivery is logged, not retried (the next change is news again). */
export function webhookChannel(options: WebhookOptions): StateChangeChannel {
  const send = options.fetch ?? fetch;
  // Logs name the origin only: a webhook's path or query often holds its token.
  const target = new URL(options.url).origin;
  let inFlight = 0;
  return {
    name: 'webhook',
    async deliver(notification) {
      if (inFlight >= options.maxInFlight) {
        options.logger.warn(
          `ApiHostStateChange to the webhook at ${target} dropped: ${inFlight} deliveries are still under way.`,
        );
        return;
      }
      inFlight += 1;
      try {
        const response = await send(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(notification),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.body?.cancel();
        if (!response.ok) {
          options.logger.warn(
            `The webhook at ${target} refused a notification with status ${response.status}.`,
          );
        }
      } catch (error) {
        options.logger.warn(
          `The webhook at ${target} could not be reached: ${(error as Error).message}`,
        );
      } finally {
        inFlight -= 1;
      }
    },
  };
}

export class ApiHostStateNotifier {
  constructor(private readonly channels: readonly StateChangeChannel[]) {}

  /** Hands the notification to every channel; resolves once each has delivered or given up. */
  async notify(notification: ApiHostStateChange): Promise<void> {
    await Promise.all(this.channels.map((channel) => channel.deliver(notification)));
  }
}
