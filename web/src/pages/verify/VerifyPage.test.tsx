import { API, type VerifiedDocument } from '@loan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, fillIn, ok, renderRoutes, shown } from '../../test/render';
import VerifyPage from './VerifyPage';

const DOC_NO = 'HD20261127K7M2QX9P';
const CODE = 'N9ZSPZBN';
const FACTS: VerifiedDocument = {
  kind: 'RECEIPT',
  kindLabel: '电子回单',
  docNo: DOC_NO,
  issueDate: '2026-11-27',
  amount: '10190.00',
  payer: '深圳市跨境优选贸易有限公司',
  payee: '某某融资服务有限公司',
};
const NOT_FOUND = '未查到与该文件编号和验证码相符的文件，请核对文件上的编号与验证码';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

/** The server knows one document: DOC_NO with CODE. */
function setup(entry: string) {
  api = fakeApi((r) => {
    if (r.url !== API.verifyDocument) return ok(null);
    const { docNo, code } = r.params as { docNo: string; code: string };
    return docNo === DOC_NO && code === CODE ? ok(FACTS) : fail('4101', NOT_FOUND);
  });
  const view = renderRoutes([{ path: '/verify/:docNo?', element: <VerifyPage /> }], [entry]);
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), ...view };
}

const verifyCalls = () => (api?.requests ?? []).filter((r) => r.url === API.verifyDocument);

describe('/verify/:docNo', () => {
  it('from the QR code (number and code in the link): checks at once and shows 真实有效 with the masked facts', async () => {
    setup(`/verify/${DOC_NO}?code=${CODE}`);
    await shown('真实有效');
    const facts = screen.getByTestId('verified-facts');
    for (const text of [DOC_NO, '电子回单', '2026-11-27', '10,190.00 元', FACTS.payer, FACTS.payee]) {
      expect(within(facts).getByText(text)).toBeInTheDocument();
    }
    expect(within(facts).getByText('付款方')).toBeInTheDocument();
    expect(verifyCalls()[0]?.params).toEqual({ docNo: DOC_NO, code: CODE });
  });

  it('with the number only: asks for the code, checks what is typed (any case), and says so when it does not match', async () => {
    const { user } = setup(`/verify/${DOC_NO}`);
    expect(await screen.findByDisplayValue(DOC_NO)).toBeInTheDocument();
    expect(verifyCalls()).toHaveLength(0);
    await fillIn(user, screen.getByLabelText('验证码'), 'wrongcod');
    await user.click(screen.getByRole('button', { name: '核验真伪' }));
    await shown('未查到该文件');
    expect(screen.getByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByText('真实有效')).not.toBeInTheDocument();
    expect(verifyCalls()[0]?.params).toEqual({ docNo: DOC_NO, code: 'WRONGCOD' });

    await user.clear(screen.getByLabelText('验证码'));
    await fillIn(user, screen.getByLabelText('验证码'), CODE.toLowerCase());
    await user.click(screen.getByRole('button', { name: '核验真伪' }));
    await shown('真实有效');
    expect(screen.queryByText('未查到该文件')).not.toBeInTheDocument();
  });

  it('without a number: both are required before anything is asked', async () => {
    const { user } = setup('/verify');
    await user.click(await screen.findByRole('button', { name: '核验真伪' }));
    await shown('请输入文件编号');
    await shown('请输入验证码');
    await waitFor(() => expect(verifyCalls()).toHaveLength(0));
  });
});
