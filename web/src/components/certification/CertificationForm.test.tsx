import { API, decryptField, idCardCheckCharacter, type LoanCertificationView, RSP } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIELD_CIPHER } from '../../config';
import { fail, fakeApi, fillIn, ok, type RecordedRequest, renderRoutes, shown } from '../../test/render';
import { CertificationForm } from './CertificationForm';

type Reply = { body: unknown };
let api: ReturnType<typeof fakeApi>;
function serve(handler: (request: RecordedRequest) => Reply | undefined) {
  api = fakeApi((request) => handler(request) ?? ok({ sandbox: true }));
}
afterEach(() => api?.restore());

const VIEW: LoanCertificationView = {
  companyName: '深圳市跨境优选贸易有限公司',
  uscc: '91350100M000100Y43',
  legalNameMasked: '张*',
  idNumberMasked: '110***********002X',
  legalPhoneMasked: '139****5678',
  bankCardMasked: '4111 **** **** 1111',
  bankName: '招商银行',
  documents: [
    {
      documentId: 11,
      kind: 'BUSINESS_LICENCE',
      fileName: '营业执照.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 100,
      createdAt: '2026-03-02T02:00:00.000Z',
    },
    {
      documentId: 12,
      kind: 'ID_CARD_FRONT',
      fileName: 'front.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 100,
      createdAt: '2026-03-02T02:00:00.000Z',
    },
    {
      documentId: 13,
      kind: 'ID_CARD_BACK',
      fileName: 'back.png',
      mimeType: 'image/png',
      sizeBytes: 100,
      createdAt: '2026-03-02T02:00:00.000Z',
    },
  ],
  warnings: [],
  updatedAt: '2026-03-02T02:00:00.000Z',
};

function show(
  props: {
    needBankCard?: boolean;
    needSalesStatement?: boolean;
    onSaved?: (v: LoanCertificationView) => void;
  } = {},
) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <CertificationForm
          needBankCard={props.needBankCard ?? true}
          needSalesStatement={props.needSalesStatement ?? false}
          onSaved={props.onSaved}
        />
      ),
    },
  ]);
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: '提交认证信息' });
const saves = () => api.requests.filter((r) => r.url === API.insertLoanCertification);

function fileInput(kind: string): HTMLInputElement {
  const input = screen.getByTestId(`document-${kind}`).querySelector('input[type=file]');
  if (!input) throw new Error(`no file input for ${kind}`);
  return input as HTMLInputElement;
}

describe('certification form', () => {
  it('asks for every field, with the messages next to the fields', async () => {
    serve((r) => (r.url === API.loanCertification ? ok({ certification: null }) : undefined));
    const user = userEvent.setup();
    show({ needSalesStatement: true });
    await screen.findByText('企业信息');
    await user.click(submit());
    for (const text of [
      '请输入企业名称',
      '请输入统一社会信用代码',
      '请输入法定代表人姓名',
      '请输入法定代表人身份证号码',
      '请输入法定代表人手机号',
      '请输入银行卡号',
      '请上传营业执照',
      '请上传法定代表人身份证人像面',
      '请上传法定代表人身份证国徽面',
      '请上传店铺销售流水',
    ]) {
      await shown(text);
    }
    // one error per empty field, never the length rule on top of "请输入…"
    const items = document.querySelectorAll('.ant-form-item-has-error');
    expect(items).toHaveLength(10);
    for (const item of items) {
      expect(item.querySelectorAll('.ant-form-item-explain-error'), item.textContent ?? '').toHaveLength(1);
    }
    expect(screen.queryByText('企业名称应为2至100个字符，请按营业执照填写')).not.toBeInTheDocument();
    expect(screen.queryByText('法定代表人姓名应为2至30个字符')).not.toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('checks USCC (GB 32100), ID number (GB 11643, age 18), phone and card format', async () => {
    serve((r) => (r.url === API.loanCertification ? ok({ certification: null }) : undefined));
    const user = userEvent.setup();
    show();
    await screen.findByText('企业信息');
    await fillIn(user, field('企业名称'), '某');
    await fillIn(user, field('统一社会信用代码'), '91350100M000100Y44');
    await fillIn(user, field('身份证号码'), '110105194912310021');
    await fillIn(user, field('手机号'), '12345678901');
    await fillIn(user, field('银行卡号'), '1234');
    await user.click(submit());
    await shown('企业名称应为2至100个字符，请按营业执照填写');
    await shown('统一社会信用代码校验位不正确，请核对');
    await shown('身份证号码校验位不正确，请核对号码');
    await shown('手机号码格式不正确，请输入11位手机号');
    await shown('银行卡号应为12至19位数字');

    const year = new Date().getFullYear() - 10;
    const first17 = `110105${year}0101123`;
    await user.clear(field('身份证号码'));
    await fillIn(user, field('身份证号码'), first17 + idCardCheckCharacter(first17));
    await shown('法定代表人须年满18周岁');

    // a card failing Luhn is refused under its field
    await user.clear(field('银行卡号'));
    await fillIn(user, field('银行卡号'), '6222021234567890123');
    await user.click(submit());
    await shown('银行卡号校验未通过，请核对卡号是否输入正确');
    const cardItem = field('银行卡号').closest('.ant-form-item');
    expect(cardItem?.querySelector('.ant-form-item-explain-error')).toHaveTextContent(
      '银行卡号校验未通过，请核对卡号是否输入正确',
    );
    expect(saves()).toHaveLength(0);
  });

  it('uploads the documents, sends the ID number and card encrypted, then shows the masked certification', async () => {
    const onSaved = vi.fn();
    let nextId = 20;
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: null });
      if (r.url === API.uploadDocument) {
        const form = r.data as FormData;
        nextId += 1;
        return ok({
          documentId: nextId,
          kind: form.get('kind'),
          fileName: (form.get('file') as File).name,
          mimeType: 'image/png',
          sizeBytes: 8,
          createdAt: '2026-03-02T02:00:00.000Z',
        });
      }
      if (r.url === API.insertLoanCertification) return ok(VIEW);
      return undefined;
    });
    const user = userEvent.setup();
    show({ onSaved });
    await screen.findByText('企业信息');
    await fillIn(user, field('企业名称'), VIEW.companyName);
    await fillIn(user, field('统一社会信用代码'), VIEW.uscc);
    await fillIn(user, field('姓名'), '张明');
    await fillIn(user, field('身份证号码'), '11010519491231002X');
    await fillIn(user, field('手机号'), '13912345678');
    await fillIn(user, field('银行卡号'), '4111 1111 1111 1111');
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'scan.png', {
        type: 'image/png',
      });
    for (const kind of ['BUSINESS_LICENCE', 'ID_CARD_FRONT', 'ID_CARD_BACK']) {
      await user.upload(fileInput(kind), png());
    }
    await waitFor(() => expect(screen.getAllByText(/已上传：scan\.png/)).toHaveLength(3));
    // multipart: the kind, then the file itself (not base64 in JSON)
    const upload = api.requests.find((r) => r.url === API.uploadDocument);
    expect(upload?.data).toBeInstanceOf(FormData);
    const form = upload?.data as FormData;
    expect([...form.keys()]).toEqual(['kind', 'file']);
    expect(form.get('kind')).toBe('BUSINESS_LICENCE');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('scan.png');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    await user.click(submit());
    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = saves()[0]?.data as Record<string, unknown>;
    expect(body).toMatchObject({
      companyName: VIEW.companyName,
      uscc: VIEW.uscc,
      legalName: '张明',
      legalPhone: '13912345678',
      licenceDocId: 21,
      idFrontDocId: 22,
      idBackDocId: 23,
    });
    expect(body.idNumber).not.toContain('11010519491231002X');
    expect(decryptField(String(body.idNumber), FIELD_CIPHER)).toBe('11010519491231002X');
    expect(decryptField(String(body.bankCardNo), FIELD_CIPHER)).toBe('4111111111111111');
    expect(JSON.stringify(body)).not.toContain('4111111111111111');

    await shown('110***********002X');
    expect(screen.getByText('139****5678')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /修改认证信息/ })).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ idNumberMasked: '110***********002X' }));
  });

  it('shows a server refusal next to its field', async () => {
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.insertLoanCertification)
        return fail(RSP.INVALID_PHONE, '手机号码格式不正确，请输入11位手机号');
      return undefined;
    });
    const user = userEvent.setup();
    show({ needBankCard: false });
    // the existing certification, masked, then re-entering it
    await shown('110***********002X');
    expect(screen.getByText('营业执照：营业执照.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /修改认证信息/ }));
    expect(field('企业名称')).toHaveValue(VIEW.companyName);
    expect(screen.getByText('已上传：营业执照.pdf')).toBeInTheDocument();
    expect(screen.queryByLabelText('银行卡号')).not.toBeInTheDocument();
    await fillIn(user, field('姓名'), '张明');
    await fillIn(user, field('身份证号码'), '11010519491231002X');
    await fillIn(user, field('手机号'), '13912345678');
    await user.click(submit());
    await shown('手机号码格式不正确，请输入11位手机号');
    expect(saves()[0]?.data).toMatchObject({ licenceDocId: 11, idFrontDocId: 12, idBackDocId: 13 });
    expect(saves()[0]?.data).not.toHaveProperty('bankCardNo');
  });

  it('editing an existing one keeps the documents and the bound card unless replaced', async () => {
    serve((r) => {
      if (r.url === API.loanCertification) return ok({ certification: VIEW });
      if (r.url === API.insertLoanCertification) return ok(VIEW);
      return undefined;
    });
    const user = userEvent.setup();
    show({ needBankCard: true });
    await user.click(await screen.findByRole('button', { name: /修改认证信息/ }));
    await shown('留空则保留已绑定的银行卡 4111 **** **** 1111');
    expect(field('开户行')).toHaveValue('招商银行');
    await fillIn(user, field('姓名'), '张明');
    await fillIn(user, field('身份证号码'), '11010519491231002X');
    await fillIn(user, field('手机号'), '13912345678');
    await user.click(submit());
    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = saves()[0]?.data as Record<string, unknown>;
    expect(body).toMatchObject({ licenceDocId: 11, idFrontDocId: 12, idBackDocId: 13, bankName: '招商银行' });
    expect(body).not.toHaveProperty('bankCardNo');
  });

  it('refuses a wrong file type or a file over 5 MB before uploading', async () => {
    serve((r) => (r.url === API.loanCertification ? ok({ certification: null }) : undefined));
    const user = userEvent.setup({ applyAccept: false });
    show();
    await screen.findByText('企业信息');
    await user.upload(fileInput('BUSINESS_LICENCE'), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    await shown('文件类型不支持，请上传 JPG、PNG 或 PDF 文件');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(fileInput('ID_CARD_FRONT'), big);
    await shown('文件不能超过 5MB，请压缩后重新上传');
    expect(api.requests.some((r) => r.url === API.uploadDocument)).toBe(false);
  });
});
