/**
 * The catalogue of steps a partner bank may ask of an applicant. A bank's flow is an ordered list of these
 * keys (partner-banks.ts), so banks differ in data, not in code.
 */
export const APPLICATION_STEPS = [
  'ACCEPT_AGREEMENTS',
  'CERTIFY_COMPANY',
  'CERTIFY_LEGAL_PERSON',
  'FACE_VERIFY',
  'BIND_CARD',
  'UPLOAD_DOCUMENTS',
  'OPEN_COLLECTION_ACCOUNT',
  'SUBMIT',
  'BANK_REVIEW',
  'SIGN_CONTRACT',
] as const;

export type StepKey = (typeof APPLICATION_STEPS)[number];

export interface StepInfo {
  readonly key: StepKey;
  readonly title: string;
  readonly description: string;
  /** Who acts: the borrower does the step, or waits while the bank does. */
  readonly by: 'BORROWER' | 'BANK';
  /** True when this build runs the step against a sandbox simulation, and the UI must say so. */
  readonly simulated: boolean;
}

export const STEP_INFO: Readonly<Record<StepKey, StepInfo>> = {
  ACCEPT_AGREEMENTS: {
    key: 'ACCEPT_AGREEMENTS',
    title: '阅读并同意协议',
    description: '阅读融资咨询服务协议、信息咨询服务协议和授权书，确认同意后继续',
    by: 'BORROWER',
    simulated: false,
  },
  CERTIFY_COMPANY: {
    key: 'CERTIFY_COMPANY',
    title: '企业认证',
    description: '填写企业名称和统一社会信用代码，上传营业执照',
    by: 'BORROWER',
    simulated: false,
  },
  CERTIFY_LEGAL_PERSON: {
    key: 'CERTIFY_LEGAL_PERSON',
    title: '法人认证',
    description: '填写法定代表人姓名、身份证号和手机号，上传身份证正反面',
    by: 'BORROWER',
    simulated: false,
  },
  FACE_VERIFY: {
    key: 'FACE_VERIFY',
    title: '人脸识别',
    description: '法定代表人本人完成人脸识别（沙箱环境为模拟验证）',
    by: 'BORROWER',
    simulated: true,
  },
  BIND_CARD: {
    key: 'BIND_CARD',
    title: '绑定银行卡',
    description: '绑定用于放款和还款的银行卡，需为企业对公账户或法定代表人本人名下银行卡',
    by: 'BORROWER',
    simulated: false,
  },
  UPLOAD_DOCUMENTS: {
    key: 'UPLOAD_DOCUMENTS',
    title: '上传经营资料',
    description: '上传近6个月店铺销售流水等经营资料',
    by: 'BORROWER',
    simulated: false,
  },
  OPEN_COLLECTION_ACCOUNT: {
    key: 'OPEN_COLLECTION_ACCOUNT',
    title: '开立收款账户',
    description: '在合作机构开立收款子账户，并将店铺回款指向该账户，还款将从回款中扣收',
    by: 'BORROWER',
    simulated: false,
  },
  SUBMIT: {
    key: 'SUBMIT',
    title: '提交申请',
    description: '确认借款金额、期限和用途后提交申请',
    by: 'BORROWER',
    simulated: false,
  },
  BANK_REVIEW: {
    key: 'BANK_REVIEW',
    title: '机构审核',
    description: '合作机构审核申请资料和店铺经营情况，结果将及时通知您',
    by: 'BANK',
    simulated: false,
  },
  SIGN_CONTRACT: {
    key: 'SIGN_CONTRACT',
    title: '签署借款合同',
    description: '审批通过后在线签署借款合同，签署后等待放款',
    by: 'BORROWER',
    simulated: false,
  },
};
