import { BANK_CODES, PARTNER_BANKS, type ProductCard } from '@loan/domain';
import { Button, Form, Select, Space } from 'antd';

export const FREE_MODE = '';

interface Props {
  products: readonly ProductCard[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: string;
  onChange: (productCode: string) => void;
}

/** "自定义" and the products grouped by partner bank, as Select options. */
export function productOptions(products: readonly ProductCard[], freeLabel: string) {
  return [
    { value: FREE_MODE, label: freeLabel },
    ...BANK_CODES.filter((bank) => products.some((p) => p.bank === bank)).map((bank) => ({
      label: PARTNER_BANKS[bank].name,
      title: PARTNER_BANKS[bank].name,
      options: products
        .filter((p) => p.bank === bank)
        .map((p) => ({ value: p.productCode, label: `${p.name}（${p.bankName}）` })),
    })),
  ];
}

/** 选择产品: a partner bank's product fills the calculator; "自定义" keeps every field free. */
export function ProductPicker({ products, loading, failed, onRetry, value, onChange }: Props) {
  const options = productOptions(products, '自定义（自行填写利率和费用）');
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label="选择产品"
        htmlFor="calc-product"
        help={
          failed ? (
            <Space size={4}>
              产品列表暂时无法加载，可使用自定义模式
              <Button type="link" size="small" onClick={onRetry} style={{ padding: 0 }}>
                重新加载
              </Button>
            </Space>
          ) : value === FREE_MODE ? (
            '选择产品后按该产品的额度、期限、利率、还款方式和服务费计算'
          ) : (
            '还款方式和服务费按所选产品，利率按产品填入且可修改；改为“自定义”可修改全部'
          )
        }
      >
        <Select
          id="calc-product"
          loading={loading}
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          value={value}
          onChange={onChange}
        />
      </Form.Item>
    </Form>
  );
}
