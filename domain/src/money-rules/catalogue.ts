import { SETTLEMENT_RULE_TEXT } from '../loan/settlement-rule.ts';
import {
  currencySentence,
  FEES_PAID_GROSS_LABEL,
  FEES_PAID_NET_LABEL,
  instalmentFeeSentence,
  interestSentence,
  owedSentence,
  upfrontFeeSentence,
} from './sentences.ts';

/** The money rules a borrower reads; each has one canonical sentence in sentences.ts. */
export type MoneyRuleId =
  | 'UPFRONT_FEE'
  | 'INSTALMENT_FEE'
  | 'OWED'
  | 'INTEREST'
  | 'FEES_PAID'
  | 'CURRENCY'
  | 'EARLY_SETTLEMENT';

export interface MoneyRule {
  readonly id: MoneyRuleId;
  /** the rule as the borrower reads it, without figures */
  readonly canonical: string;
  /** phrases that state the rule otherwise: no text the borrower reads may contain one */
  readonly forbidden: readonly RegExp[];
}

/**
 * Every money rule with the phrases that would contradict it. A consistency test walks every text the borrower
 * reads (screens, agreements, contracts, API wording) over this list; a new rule is one more entry here.
 */
export const MONEY_RULES: readonly MoneyRule[] = [
  {
    id: 'UPFRONT_FEE',
    canonical: upfrontFeeSentence(null),
    forbidden: [
      /放款时扣除/,
      /放款时(一次性?)?收取/,
      /于放款时/,
      /放款时一次/,
      /(?<!不)从借款(金额)?中扣除/,
      /(?<!不)从放款(金额)?中扣除/,
      /放款当日(缴纳|收取)/,
    ],
  },
  {
    id: 'INSTALMENT_FEE',
    canonical: instalmentFeeSentence(null, null),
    forbidden: [/按每期应还本金余额乘以服务费率/, /分期服务费.{0,10}放款时/],
  },
  {
    id: 'OWED',
    canonical: owedSentence(),
    forbidden: [/当前待缴/, /30 ?日内待缴/, /待缴（30 ?日/, /待缴[（(]?近 ?30 ?日/],
  },
  {
    id: 'INTEREST',
    canonical: interestSentence(null),
    forbidden: [/日利率/, /按年计息/, /放款次日起(计|算)?息/],
  },
  {
    id: 'FEES_PAID',
    canonical: `${FEES_PAID_GROSS_LABEL}；${FEES_PAID_NET_LABEL}`,
    forbidden: [/本年已缴(?!（含已退款）)/, /已付服务费(?!（扣除退款后）)/],
  },
  {
    id: 'EARLY_SETTLEMENT',
    canonical: SETTLEMENT_RULE_TEXT,
    forbidden: [
      // what the texts said before the rule was one: interest "by days occupied" without what is credited,
      // fees of instalments not yet due "no longer charged" without those already paid
      /按实际占用天数计收利息/,
      /尚未到期各期的服务费不再收取/,
      /提前结清.{0,12}(不退|不予退还|概不退还)/,
      /结清.{0,8}(全额|整期)(收取|计收)利息/,
    ],
  },
  {
    id: 'CURRENCY',
    canonical: currencySentence(),
    forbidden: [/[¥￥]/, /RMB ?\d/],
  },
];

/** A rule broken by a text: which rule, the phrase found and where. */
export interface MoneyRuleBreach {
  readonly rule: MoneyRuleId;
  readonly source: string;
  readonly phrase: string;
}

/** Every forbidden phrase of every rule found in the texts, keyed by where each text comes from. */
export function moneyRuleBreaches(
  texts: Readonly<Record<string, string>>,
  rules: readonly MoneyRule[] = MONEY_RULES,
): MoneyRuleBreach[] {
  const breaches: MoneyRuleBreach[] = [];
  for (const rule of rules) {
    for (const [source, text] of Object.entries(texts)) {
      for (const pattern of rule.forbidden) {
        const found = pattern.exec(text);
        if (found) breaches.push({ rule: rule.id, source, phrase: found[0] });
      }
    }
  }
  return breaches;
}
