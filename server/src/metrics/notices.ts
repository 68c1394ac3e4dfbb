import { NOTICE_CHANNELS, type NoticeChannel } from '@loan/domain';
import { count } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Database } from '../db/client.ts';
import { noticeDeliveries } from '../db/schema.ts';
import { type ScrapeContext, scrapeGauge } from './scrape.ts';

/**
 * Notices' SMS and e-mails: deliveries by channel and state (one grouped count at scrape time), and the sends and
 * final failures of this server's delivery job, counted through the notices module's onNoticeDelivery callback.
 */
export function noticeMetrics(
  sc: ScrapeContext,
  db: Database,
): (channel: NoticeChannel, outcome: 'sent' | 'failed') => void {
  scrapeGauge(
    sc,
    'notice_deliveries',
    'Notice SMS and e-mail deliveries by channel and state',
    ['channel', 'state'],
    () =>
      db
        .select({ channel: noticeDeliveries.channel, state: noticeDeliveries.state, n: count() })
        .from(noticeDeliveries)
        .groupBy(noticeDeliveries.channel, noticeDeliveries.state),
  );
  const counter = (name: string, help: string) => {
    const c = new Counter({ name, help, labelNames: ['channel'] as const, registers: [sc.registry] });
    // every channel from the start, so a rate over a channel that has not sent yet is 0, not absent
    for (const channel of NOTICE_CHANNELS) c.inc({ channel }, 0);
    return c;
  };
  const sent = counter('notices_sent_total', 'Notice SMS and e-mails sent by this server, by channel');
  const failed = counter(
    'notices_failed_total',
    'Notice SMS and e-mails that failed for good on this server (after every try), by channel',
  );
  return (channel, outcome) => (outcome === 'sent' ? sent : failed).inc({ channel });
}
