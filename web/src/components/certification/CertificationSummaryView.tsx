import { EditOutlined } from '@ant-design/icons';
import { DOCUMENT_KIND_LABELS, type LoanCertificationView } from '@loan/domain';
import { Button, Flex } from 'antd';
import { FactGrid } from '../FactList';

/** The card as shown: masked number and, when known, its bank. */
export function cardText(view: LoanCertificationView): string {
  if (!view.bankCardMasked) return '未填写';
  return `${view.bankCardMasked}${view.bankName ? `（${view.bankName}）` : ''}`;
}

/** An existing certification, masked, with "修改认证信息". */
export function CertificationSummaryView({
  view,
  onEdit,
}: {
  view: LoanCertificationView;
  onEdit: () => void;
}) {
  return (
    <Flex vertical gap={12}>
      <FactGrid
        bordered
        items={[
          { key: 'companyName', label: '企业名称', children: view.companyName },
          { key: 'uscc', label: '统一社会信用代码', children: view.uscc },
          { key: 'legalName', label: '法定代表人', children: view.legalNameMasked },
          { key: 'idNumber', label: '身份证号码', children: view.idNumberMasked },
          { key: 'phone', label: '手机号', children: view.legalPhoneMasked },
          { key: 'card', label: '银行卡', children: cardText(view) },
          {
            key: 'docs',
            label: '证件资料',
            span: 'filled',
            children:
              view.documents.length === 0
                ? '未上传'
                : view.documents.map((d) => (
                    <div key={d.documentId}>
                      {DOCUMENT_KIND_LABELS[d.kind]}：{d.fileName}
                    </div>
                  )),
          },
        ]}
      />
      <div>
        <Button icon={<EditOutlined />} onClick={onEdit}>
          修改认证信息
        </Button>
      </div>
    </Flex>
  );
}
