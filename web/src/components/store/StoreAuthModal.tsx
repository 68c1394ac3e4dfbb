import {
  type MwsTokenCheckResult,
  mwsAuthTokenProblem,
  normaliseSellerId,
  RSP,
  STORE_CREDENTIAL_TEXTS,
  sellerIdProblem,
} from '@loan/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { preloadCipher } from '../../api/cipher';
import { isApiError, isRspError } from '../../api/errors';
import { againMwsToken } from '../../api/stores';
import { userKeys } from '../../api/users';
import { useMessage } from '../../app/feedback';
import { FormError } from '../FormError';
import { useSetStoreCheck } from './useStoreCheck';

interface StoreAuthValues {
  sellerId: string;
  mwsAuthToken: string;
}

interface StoreAuthModalProps {
  open: boolean;
  onClose: () => void;
  /** prefills the seller id when re-authorising */
  sellerId?: string | null;
  onAuthorised?: (result: MwsTokenCheckResult) => void;
}

const fieldRule =
  (problem: (value: string) => string | null, normalise: (value: string) => string) =>
  async (_rule: unknown, value: string | undefined) => {
    const text = problem(normalise(value ?? ''));
    if (text) throw new Error(text);
  };

/** The seller id + token form (POST /seller/againMwsToken) in a Modal; errors next to the fields. */
export function StoreAuthModal({ open, onClose, sellerId, onAuthorised }: StoreAuthModalProps) {
  return (
    <Modal open={open} title="授权店铺" onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <StoreAuthForm sellerId={sellerId} onClose={onClose} onAuthorised={onAuthorised} />
    </Modal>
  );
}

/** Mounted afresh each time the modal opens (destroyOnHidden): starts from the store's seller id. */
function StoreAuthForm({ onClose, sellerId, onAuthorised }: Omit<StoreAuthModalProps, 'open'>) {
  const [form] = Form.useForm<StoreAuthValues>();
  const message = useMessage();
  const setStoreCheck = useSetStoreCheck();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  const authorise = useMutation({
    mutationFn: (values: StoreAuthValues) =>
      againMwsToken(values.sellerId, values.mwsAuthToken, { silent: true }),
    onMutate: () => setError(null),
    onSuccess: (result) => {
      setStoreCheck(result);
      // the prerequisites include the store
      void queryClient.invalidateQueries({ queryKey: userKeys.allCheck });
      message.success(`店铺授权成功：${result.storeInfo?.sellerName ?? ''}`);
      onAuthorised?.(result);
      onClose();
    },
    onError: (e) => {
      if (!isApiError(e)) {
        setError('授权失败，请稍后重试');
        return;
      }
      if (!isRspError(e)) return; // transport failures were toasted by the HTTP layer
      if (e.code === RSP.INVALID_INPUT && e.desc === STORE_CREDENTIAL_TEXTS.sellerIdShape) {
        form.setFields([{ name: 'sellerId', errors: [e.desc] }]);
      } else if (e.code === RSP.INVALID_INPUT || e.code === RSP.BAD_CIPHER_TEXT) {
        form.setFields([{ name: 'mwsAuthToken', errors: [e.desc] }]);
      } else {
        setError(e.desc);
      }
    },
  });

  return (
    <>
      <Typography.Paragraph type="secondary">
        授权后，合作机构可读取店铺的销售数据用于评估额度，授权有效期 365
        天。店铺授权令牌加密传输和保存，平台不会展示。
      </Typography.Paragraph>
      <FormError error={error} onClose={() => setError(null)} />
      <Form<StoreAuthValues>
        form={form}
        initialValues={{ sellerId: sellerId ?? '', mwsAuthToken: '' }}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => authorise.mutate(values)}
        disabled={authorise.isPending}
      >
        <Form.Item
          name="sellerId"
          label="卖家编号（Seller ID）"
          extra={STORE_CREDENTIAL_TEXTS.sellerIdHelp}
          rules={[{ validator: fieldRule(sellerIdProblem, normaliseSellerId) }]}
          validateTrigger="onBlur"
        >
          <Input placeholder="例如 A1DEMOSTORE001" autoComplete="off" maxLength={64} allowClear />
        </Form.Item>
        <Form.Item
          name="mwsAuthToken"
          label="店铺授权令牌"
          extra={STORE_CREDENTIAL_TEXTS.tokenHelp}
          rules={[{ validator: fieldRule(mwsAuthTokenProblem, (v) => v.trim()) }]}
          validateTrigger="onBlur"
        >
          <Input.Password
            placeholder="amzn.mws.xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
            autoComplete="off"
            maxLength={128}
            // the token travels encrypted: the cipher loads while it is typed, not when it is submitted
            onFocus={preloadCipher}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={authorise.isPending}>
            提交授权
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
