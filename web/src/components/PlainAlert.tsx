import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { ReactNode } from 'react';
import { SvgIcon } from './SvgIcon';

const ICONS = { error: CloseCircleFilled, warning: ExclamationCircleFilled, info: InfoCircleFilled };

/**
 * An alert above a form, drawn as antd's Alert with its icon (its markup and classes, so the first stylesheet
 * styles it) but without antd's code: the sign-in page's, which shows before antd has loaded. Elsewhere FormError
 * (antd's Alert) is used. With `onClose` it can be dismissed.
 */
export function PlainAlert({
  type,
  title,
  onClose,
}: {
  type: keyof typeof ICONS;
  title: ReactNode;
  onClose?: () => void;
}) {
  return (
    <div className={`ant-alert ant-alert-${type} ant-alert-outlined form-alert loan`} role="alert">
      <span className="ant-alert-icon">
        <SvgIcon icon={ICONS[type]} />
      </span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{title}</div>
      </div>
      {onClose && (
        <button type="button" className="ant-alert-close-icon" aria-label="关闭" onClick={onClose}>
          <SvgIcon icon={CloseOutlined} />
        </button>
      )}
    </div>
  );
}
