import { API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { requestMeta } from '../../plugins/session.ts';
import { signedInRoutes } from '../../plugins/signed-in-routes.ts';
import {
  BindBankCardBody,
  LoanCertificationBody,
  LoanCertificationResultSchema,
  LoanCertificationViewSchema,
  UpdateCertificationDocumentsBody,
} from '../../schemas/certification.ts';
import { uploadRoutes } from '../documents/routes.ts';
import { bindBankCard, updateCertificationDocuments } from './parts.ts';
import { loanCertification, saveCertification } from './service.ts';

const TAGS = ['贷款认证'];

export function certificationRoutes(app: App, ctx: AppContext): void {
  const signedIn = signedInRoutes(app, ctx, TAGS);

  uploadRoutes(app, ctx, TAGS);

  signedIn.post(
    API.insertLoanCertification,
    {
      summary: '提交或修改贷款认证信息',
      description:
        '统一社会信用代码 1101；身份证号码（含未满18周岁）1102；手机号 1103；证件资料缺失或不属于本人 1104；银行卡号（位数不对或校验位不通过）1105，不保存任何内容。银行卡、开户行和店铺销售流水不传则保留已有的，本接口不删除任何资料。返回内容只含脱敏信息。',
      body: LoanCertificationBody,
      result: LoanCertificationViewSchema,
    },
    (request, user) => saveCertification(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.post(
    API.bindBankCard,
    {
      summary: '绑定银行卡（只改银行卡和开户行）',
      description:
        '在已有认证信息上更换银行卡，其他信息和证件资料不变。尚未填写认证信息 3401；银行卡号（位数不对或校验位不通过）1105，不保存任何内容。',
      body: BindBankCardBody,
      result: LoanCertificationViewSchema,
    },
    (request, user) => bindBankCard(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.post(
    API.updateCertificationDocuments,
    {
      summary: '上传经营资料（只改所传的证件资料）',
      description:
        '在已有认证信息上替换所传的证件资料（至少一份），其他信息和未传的资料不变。一份也没传 1001；文件不存在、不属于本人或种类不符 1104；尚未填写认证信息 3401。',
      body: UpdateCertificationDocumentsBody,
      result: LoanCertificationViewSchema,
    },
    (request, user) => updateCertificationDocuments(ctx, user, request.body, requestMeta(request)),
  );

  signedIn.get(
    API.loanCertification,
    {
      summary: '本人的贷款认证信息（脱敏）',
      result: LoanCertificationResultSchema,
    },
    (_request, user) => loanCertification(ctx, user.id),
  );
}
