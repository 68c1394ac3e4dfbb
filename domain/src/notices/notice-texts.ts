import { PAID_METHOD_INFO } from '../account/receiving-account.ts';
import { OVERDUE_BUCKET_LABEL } from '../loan/overdue.ts';
import { formatYuan } from '../money.ts';
import { PRODUCT_NAME } from '../product-name.ts';
import type { NoticeEvent, NoticeLink } from './notice-kinds.ts';

/** What a notice says: the message centre's title and text, the SMS (short, signed) and the page it links to. */
export interface NoticeText {
  title: string;
  body: string;
  sms: string;
  link: NoticeLink;
}

const yuan = (fen: number) => `${formatYuan(fen)} 元`;
const SMS_SIGN = `【${PRODUCT_NAME}】`;

/** The penalty sentence of an overdue notice (the rate itself is the contract's). */
export const PENALTY_SENTENCE = '逾期期间按合同约定的借款年利率按日计收罚息，直至还清';

/** What a borrower repaying by store payouts is told about a due date. */
function payoutSentence(owed: string): string {
  return `到期日将从您店铺的回款中自动扣收 ${owed}；回款不足的部分计入逾期并按日计收罚息，请确保回款充足或在到期前点击“立即还款”自行支付。`;
}

/** The texts of every kind of notice, from its facts. */
export function noticeText(event: NoticeEvent): NoticeText {
  switch (event.kind) {
    case 'APPLICATION_APPROVED': {
      const f = event.facts;
      const body = `您在${f.bankName}的借款申请已审批通过，批复金额 ${yuan(f.amountFen)}。请在 ${f.signBy} 前签署借款合同，逾期未签署审批结果将失效。`;
      return {
        title: '借款申请已通过，请签署合同',
        body,
        sms: body,
        link: { page: 'APPLICATION', rowId: f.applicationRowId },
      };
    }
    case 'APPLICATION_REJECTED': {
      const f = event.facts;
      const body = `很遗憾，您在${f.bankName}的借款申请未获通过${f.reason ? `（${f.reason}）` : ''}。您可在借款记录中查看详情。`;
      return { title: '借款申请未通过', body, sms: body, link: { page: 'LOAN', rowId: f.applicationRowId } };
    }
    case 'LOAN_DISBURSED': {
      const f = event.facts;
      const body = `您在${f.bankName}的借款 ${yuan(f.amountFen)} 已放款。首期还款日 ${f.firstDueDate}，应还 ${yuan(f.firstDueFen)}。`;
      return { title: '借款已放款', body, sms: body, link: { page: 'LOAN', rowId: f.applicationRowId } };
    }
    case 'PAYMENT_RECEIVED': {
      const f = event.facts;
      const body = `已收到您的付款 ${yuan(f.amountFen)}（${f.what}，订单号 ${f.orderNo}，${f.paidAt}）。`;
      return { title: '付款已到账', body, sms: body, link: { page: 'TRADING' } };
    }
    case 'REFUND_PROGRESS': {
      const f = event.facts;
      const stage = {
        APPROVED: {
          title: '退款申请已通过',
          text: `您申请的退款 ${yuan(f.amountFen)} 已审核通过，正在退回原付款账户。`,
        },
        REJECTED: {
          title: '退款申请未通过',
          text: `您申请的退款 ${yuan(f.amountFen)} 未获通过${f.reason ? `（${f.reason}）` : ''}。`,
        },
        REFUNDED: { title: '退款已到账', text: `您申请的退款 ${yuan(f.amountFen)} 已退回原付款账户。` },
        FAILED: {
          title: '退款未能退回',
          text: `您申请的退款 ${yuan(f.amountFen)} 未能退回原付款账户，平台将尽快处理并与您联系。`,
        },
      }[f.stage];
      return { title: stage.title, body: stage.text, sms: stage.text, link: { page: 'REFUND' } };
    }
    case 'DUE_SOON': {
      const f = event.facts;
      const when = f.daysLeft === 0 ? '今天' : `${f.daysLeft} 天后（${f.dueDate}）`;
      const owed = yuan(f.owedFen);
      const how =
        f.method === 'ACTIVE_REPAY'
          ? `您选择的是“${PAID_METHOD_INFO.ACTIVE_REPAY.label}”，需由您自行还款：请在到期日前点击“立即还款”支付，到期未付将计入逾期并按日计收罚息。`
          : payoutSentence(owed);
      const body = `您的借款第 ${f.seq} 期将于${when}到期，应还 ${owed}。${how}`;
      const title =
        f.daysLeft === 0
          ? `今日还款日：第 ${f.seq} 期应还 ${owed}`
          : `还款提醒：第 ${f.seq} 期 ${f.dueDate} 到期`;
      return { title, body, sms: body, link: { page: 'LOAN', rowId: f.applicationRowId } };
    }
    case 'OVERDUE': {
      const f = event.facts;
      const body = `您的借款第 ${f.seq} 期（到期日 ${f.dueDate}）已逾期 ${f.days} 天，当前应还 ${yuan(f.owedFen)}，其中罚息 ${yuan(f.penaltyFen)}，逾期阶段 ${OVERDUE_BUCKET_LABEL[f.bucket]}。${PENALTY_SENTENCE}，并可能影响您的信用记录。请尽快点击“立即还款”还清。`;
      return {
        title: `逾期通知：第 ${f.seq} 期已逾期 ${f.days} 天`,
        body,
        sms: body,
        link: { page: 'LOAN', rowId: f.applicationRowId },
      };
    }
    case 'RECEIVING_ACCOUNT': {
      const body = `您的收款账户需要处理：${event.facts.problem}`;
      return { title: '收款账户需要处理', body, sms: body, link: { page: 'RECEIVING_ACCOUNT' } };
    }
    case 'SIGN_IN': {
      const f = event.facts;
      const body = `您的账户于 ${f.at} 在新的设备登录（${f.device}）。如非本人操作，请立即修改密码。`;
      return { title: '新设备登录提醒', body, sms: body, link: { page: 'SECURITY' } };
    }
    case 'PASSWORD_CHANGED': {
      const body = `您的登录密码已于 ${event.facts.at} 修改。如非本人操作，请立即联系客服。`;
      return { title: '登录密码已修改', body, sms: body, link: { page: 'SECURITY' } };
    }
    case 'CONTACT_CHANGED': {
      const f = event.facts;
      const what = f.channel === 'sms' ? '手机号' : '邮箱';
      const body = `您的${what}已于 ${f.at} 改为 ${f.masked}。如非本人操作，请立即联系客服。`;
      return { title: `${what}已修改`, body, sms: body, link: { page: 'SECURITY' } };
    }
    case 'STATEMENT_READY': {
      const f = event.facts;
      const next = f.nextDueDate ? `下一还款日 ${f.nextDueDate}。` : '';
      const body = `您 ${f.month} 的月度对账单已生成，期末借款余额 ${yuan(f.closingFen)}。${next}可在“我的账户”查看和下载。`;
      return { title: `${f.month} 月度对账单`, body, sms: body, link: { page: 'MY_ACCOUNT' } };
    }
  }
}

/** The SMS as sent: signed with the product's name. */
export function smsText(text: NoticeText): string {
  return `${SMS_SIGN}${text.sms}`;
}
