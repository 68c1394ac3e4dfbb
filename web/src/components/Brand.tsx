import { BankOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../config';

/** Logo and product name, linking home. */
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
    <Link to={to} className={`brand${light ? ' brand-light' : ''}`} aria-label={PRODUCT_NAME}>
      <span className="brand-logo" aria-hidden>
        <BankOutlined />
      </span>
      {!compact && <span className="brand-name">{PRODUCT_NAME}</span>}
    </Link>
  );
}
