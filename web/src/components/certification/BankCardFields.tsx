import { bankCardFormatRules, bankCardRules, bankNameRules } from './certification-rules';
import { TextFields } from './TextFields';

/**
 * 银行卡号 and 开户行, as form items named bankCardNo and bankName. With `keepOnFile` (a card is already bound)
 * the number may be left empty to keep that card.
 */
export function BankCardFields({ keepOnFile }: { keepOnFile?: string }) {
  return (
    <TextFields
      fields={[
        {
          name: 'bankCardNo',
          label: '银行卡号',
          rules: keepOnFile ? bankCardFormatRules : bankCardRules,
          extra: keepOnFile ? `留空则保留已绑定的银行卡 ${keepOnFile}` : undefined,
          input: { placeholder: '12至19位数字', maxLength: 23, inputMode: 'numeric', autoComplete: 'off' },
        },
        {
          name: 'bankName',
          label: '开户行',
          rules: bankNameRules,
          input: { placeholder: '如：招商银行深圳分行', maxLength: 50 },
        },
      ]}
    />
  );
}
