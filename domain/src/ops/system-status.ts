/**
 * 系统状态: what the console's administrators see of the running system, from the database every server shares:
 * each background queue's last runs across all servers, the partner calls still open, the notices waiting or failed,
 * the database and its migrations, and the server that answered. The health of a queue is one pure rule.
 */

/** Each background queue of the server (server/src/jobs/background.ts JOB) with its Chinese name. */
export const JOB_QUEUE_LABELS: Readonly<Record<string, string>> = {
  'sandbox-bank-delivery': '沙箱银行答复',
  'sandbox-collections': '沙箱扣款',
  reconciliation: '合作方对账',
  housekeeping: '过期数据清理',
  refunds: '退款处理',
  'sandbox-payment-notifies': '沙箱支付通知',
  'payment-reconciliation': '支付对账',
  'receiving-payout-checks': '回款去向检查',
  'orphan-documents': '无主文件清理',
  'collection-cases': '催收案件',
  'monthly-statements': '月度对账单',
  'notice-delivery': '消息发送',
  reminders: '还款提醒',
};

export type JobHealth = 'OK' | 'LATE' | 'FAILING' | 'IDLE';

export const JOB_HEALTH_TEXT: Readonly<Record<JobHealth, string>> = {
  OK: '正常',
  LATE: '延迟',
  FAILING: '失败',
  IDLE: '空闲',
};

export interface JobQueueStatus {
  queue: string;
  label: string;
  /** how often it is offered, at most once per period across all servers */
  everySeconds: number;
  /** offered only when work is due (no runs while nothing is due is not a fault) */
  onDemand: boolean;
  lastCompletedAt: string | null;
  lastFailedAt: string | null;
  /** the last failure's message, when the last run failed */
  lastError: string | null;
  completedLastHour: number;
  failedLastHour: number;
  health: JobHealth;
}

export interface SystemStatus {
  checkedAt: string;
  database: { kind: 'pglite' | 'postgres'; migrationsApplied: number; migrationsPending: number };
  /** the server process that answered (behind a balancer: one of several) */
  server: { pid: number; node: string; uptimeSeconds: number; environment: string; sandbox: boolean };
  jobs: JobQueueStatus[];
  partnerCalls: { open: number; oldestOpenAt: string | null; refusedLast7Days: number };
  notices: { pending: number; failedLast24h: number };
}

/** A queue is late when its last completed run is older than three periods (and at least two minutes). */
export function lateAfterSeconds(everySeconds: number): number {
  return Math.max(3 * everySeconds, 120);
}

/**
 * FAILING: its last run failed (no completion since); LATE: an always-offered queue whose last completion is older
 * than lateAfterSeconds, or that never completed although the server has run that long; IDLE: an on-demand queue
 * with nothing to do lately; OK otherwise.
 */
export function jobHealth(
  job: { everySeconds: number; onDemand: boolean; lastCompletedAt: Date | null; lastFailedAt: Date | null },
  now: Date,
  uptimeSeconds: number,
): JobHealth {
  const completed = job.lastCompletedAt?.getTime() ?? null;
  const failed = job.lastFailedAt?.getTime() ?? null;
  if (failed !== null && (completed === null || failed > completed)) return 'FAILING';
  const late = lateAfterSeconds(job.everySeconds) * 1000;
  if (job.onDemand) return completed !== null && now.getTime() - completed <= late ? 'OK' : 'IDLE';
  if (completed === null) return uptimeSeconds * 1000 > late ? 'LATE' : 'OK';
  return now.getTime() - completed > late ? 'LATE' : 'OK';
}
