import { API, decryptField, type LoanCertificationView, RSP } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_CIPHER } from '../../config';
import { fail, fakeApi, fillIn, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { BankCardForm } from './BankCardForm';
import { SalesStatementForm } from './SalesStatementForm';

type Reply = { body: unknown };
let api: ReturnType<typeof fakeApi>;
function serve(handler: (request: RecordedRequest) => Reply | undefined) {
  api = fakeApi((request) => handler(request) ?? ok({ sandbox: true }));
}
afterEach(() => api?.restore());

const doc = (documentId: number, kind: string, fileName: string) => ({
  documentId,
  kind,
  fileName,
  mimeType: 'application/pdf',
  sizeBytes: 100,
  createdAt: '2026-03-02T02:00:00.000Z',
});

const VIEW = {
  companyName: '深圳市跨境优选贸易有限公司',
  uscc: '91350100M000100Y43',
  legalNameMasked: '张*',
  idNumberMasked: '110***********002X',
  legalPhoneMasked: '139****5678',
  bankCardMasked: null,
  bankName: null,
  documents: [
    doc(11, 'BUSINESS_LICENCE', '营业执照.pdf'),
    doc(12, 'ID_CARD_FRONT', 'front.pdf'),
    doc(13, 'ID_CARD_BACK', 'back.pdf'),
  ],
  warnings: [],
  updatedAt: '2026-03-02T02:00:00.000Z',
} as LoanCertificationView;

const calls = (url: string) => api.requests.filter((r) => r.url === url);

describe('the 绑定银行卡 step', () => {
  it('asks only for the card and its bank, sends the card encrypted to bindBankCard, nothing else', async () => {
    const onSaved = vi.fn();
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.bindBankCard)
        return ok({ ...VIEW, bankCardMasked: '4111 **** **** 1111', bankName: '招商银行' });
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <BankCardForm needSalesStatement onSaved={onSaved} /> }]);
    await shown('企业和法定代表人信息已填写（深圳市跨境优选贸易有限公司，法定代表人 张*），无需重新输入。');
    expect(screen.queryByLabelText('身份证号码')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('姓名')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '绑定银行卡' }));
    await shown('请输入银行卡号');
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);

    await fillIn(user, screen.getByLabelText('银行卡号'), '4111 1111 1111 1111');
    await fillIn(user, screen.getByLabelText('开户行'), '招商银行');
    await user.click(screen.getByRole('button', { name: '绑定银行卡' }));
    await waitFor(() => expect(calls(API.bindBankCard)).toHaveLength(1));
    const body = calls(API.bindBankCard)[0]?.data as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['bankCardNo', 'bankName']);
    expect(body.bankName).toBe('招商银行');
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
    expect(decryptField(String(body.bankCardNo), FIELD_CIPHER)).toBe('4111111111111111');
    expect(calls(API.insertLoanCertification)).toHaveLength(0);
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ bankCardMasked: '4111 **** **** 1111' }),
      ),
    );
    await shown('已绑定：4111 **** **** 1111（招商银行）。如需更换，请填写新的银行卡。');
  });

  it('shows a refused card next to the field', async () => {
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.bindBankCard) return fail(RSP.INVALID_BANK_CARD, '银行卡号应为12至19位数字');
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <BankCardForm needSalesStatement={false} /> }]);
    await fillIn(user, await screen.findByLabelText('银行卡号'), '4111111111111111');
    await user.click(screen.getByRole('button', { name: '绑定银行卡' }));
    await shown('银行卡号应为12至19位数字');
  });

  it('refuses a card failing the Luhn check under the field, sending nothing', async () => {
    serve((r) => (r.url === API.loanCertification ? ok({ certification: VIEW }) : undefined));
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <BankCardForm needSalesStatement={false} /> }]);
    const input = await screen.findByLabelText('银行卡号');
    await fillIn(user, input, '6222021234567890123');
    await user.click(screen.getByRole('button', { name: '绑定银行卡' }));
    await shown('银行卡号校验未通过，请核对卡号是否输入正确');
    expect(input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')).toHaveTextContent(
      '银行卡号校验未通过，请核对卡号是否输入正确',
    );
    expect(screen.queryByText('认证信息已保存')).not.toBeInTheDocument();
    expect(calls(API.bindBankCard)).toHaveLength(0);
  });

  it("shows a save's remark in its own form only, and clears it on the next submit", async () => {
    let answers = 0;
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.bindBankCard) {
        answers += 1;
        return ok({
          ...VIEW,
          bankCardMasked: '4111 **** **** 1111',
          warnings: answers === 1 ? ['请核对开户行'] : [],
        });
      }
      if (r.url === API.updateCertificationDocuments) return ok(VIEW);
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <div data-testid="card">
              <BankCardForm needSalesStatement={false} />
            </div>
            <div data-testid="sales">
              <SalesStatementForm needBankCard={false} />
            </div>
          </>
        ),
      },
    ]);
    const card = within(await screen.findByTestId('card'));
    await fillIn(user, await card.findByLabelText('银行卡号'), '4111111111111111');
    await user.click(card.getByRole('button', { name: /银行卡/ }));
    await waitFor(() => expect(card.getByText('请核对开户行')).toBeInTheDocument());
    expect(within(screen.getByTestId('sales')).queryByText('请核对开户行')).not.toBeInTheDocument();

    await fillIn(user, card.getByLabelText('银行卡号'), '4111111111111111');
    await user.click(card.getByRole('button', { name: /银行卡/ }));
    await waitFor(() => expect(calls(API.bindBankCard)).toHaveLength(2));
    await waitFor(() => expect(card.queryByText('请核对开户行')).not.toBeInTheDocument());
  });

  it('without a certification yet, shows the full form (with the card)', async () => {
    serve((r) => (r.url === API.loanCertification ? ok({ certification: null }) : undefined));
    renderRoutes([{ path: '/', element: <BankCardForm needSalesStatement={false} /> }]);
    await shown('企业信息');
    expect(screen.getByLabelText('身份证号码')).toBeInTheDocument();
    expect(screen.getByLabelText('银行卡号')).toBeInTheDocument();
  });
});

describe('the 上传经营资料 step', () => {
  it('uploads the sales statement and saves only it on the certification', async () => {
    const onSaved = vi.fn();
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.uploadDocument) return ok(doc(31, 'SALES_STATEMENT', 'sales.pdf'));
      if (r.url === API.updateCertificationDocuments)
        return ok({ ...VIEW, documents: [...VIEW.documents, doc(31, 'SALES_STATEMENT', 'sales.pdf')] });
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SalesStatementForm needBankCard onSaved={onSaved} /> }]);
    await shown('企业和法定代表人信息已填写（深圳市跨境优选贸易有限公司，法定代表人 张*），无需重新输入。');
    expect(screen.queryByLabelText('身份证号码')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('银行卡号')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '提交经营资料' }));
    await shown('请上传店铺销售流水');
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);

    const input = screen.getByTestId('document-SALES_STATEMENT').querySelector('input[type=file]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input as HTMLInputElement,
      new File(['%PDF-1.7'], 'sales.pdf', { type: 'application/pdf' }),
    );
    await shown('已上传：sales.pdf');
    await user.click(screen.getByRole('button', { name: '提交经营资料' }));
    await waitFor(() => expect(calls(API.updateCertificationDocuments)).toHaveLength(1));
    expect(calls(API.updateCertificationDocuments)[0]?.data).toEqual({ salesDocId: 31 });
    expect(calls(API.insertLoanCertification)).toHaveLength(0);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('shows the server’s refusal of a file under its upload button, with the quota', async () => {
    const refusal =
      'PDF 含有脚本或自动执行的动作，不能上传，请用“打印为 PDF”重新导出一份不含脚本的 PDF 后上传';
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.uploadDocument) return fail(RSP.PDF_ACTIVE_CONTENT, refusal);
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SalesStatementForm needBankCard={false} /> }]);
    const field = await screen.findByTestId('document-SALES_STATEMENT');
    expect(field).toHaveTextContent('每人最多保留 20 个文件、共 40MB');
    const input = field.querySelector('input[type=file]');
    if (!input) throw new Error('no file input');
    await user.upload(
      input as HTMLInputElement,
      new File(['%PDF-1.7'], 'js.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(within(field).getByRole('alert')).toHaveTextContent(refusal));
    expect(within(field).queryByText(/已上传/)).not.toBeInTheDocument();
  });

  it('starts from the statement on file and shows a refusal above the form', async () => {
    serve((r) => {
      if (r.url === API.loanCertification)
        return ok({
          certification: { ...VIEW, documents: [...VIEW.documents, doc(14, 'SALES_STATEMENT', '流水.pdf')] },
        });
      if (r.url === API.updateCertificationDocuments)
        return fail(
          RSP.CERTIFICATION_REQUIRED,
          '请先填写企业信息和法定代表人信息，再绑定银行卡或上传经营资料',
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SalesStatementForm needBankCard={false} /> }]);
    await shown('已上传：流水.pdf');
    await user.click(screen.getByRole('button', { name: '提交经营资料' }));
    await waitFor(() => expect(calls(API.updateCertificationDocuments)[0]?.data).toEqual({ salesDocId: 14 }));
    await shown('请先填写企业信息和法定代表人信息，再绑定银行卡或上传经营资料');
  });
});
