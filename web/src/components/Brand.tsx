import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import { PRODUCT_NAME } from '../config';
import { AppLink } from './AppLink';
import { SvgIcon } from './SvgIcon';

/** Logo and product name, linking home. Light (no antd, no router): the sign-in page draws it before either loads. */
export function Brand({
  to = '/',
  light = false,
  compact = false,
}: {
  to?: string;
  light?: boolean;
  compact?: boolean;
}) {
  return (
    <AppLink to={to} className={`brand${light ? ' brand-light' : ''}`} aria-label={PRODUCT_NAME}>
      <span className="brand-logo" aria-hidden>
        <SvgIcon icon={BankOutlined} />
      </span>
      {!compact && <span className="brand-name">{PRODUCT_NAME}</span>}
    </AppLink>
  );
}
