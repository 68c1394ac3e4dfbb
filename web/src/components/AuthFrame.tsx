import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import type { ReactNode } from 'react';
import { AppLink } from './AppLink';
import { Brand } from './Brand';
import { SvgIcon } from './SvgIcon';

const POINTS = [
  '以店铺真实销售为依据，无需抵押',
  '多家合作银行产品，在线申请、进度可查',
  '回款账户自动还款，费用透明',
];

/**
 * The frame of the sign-in pages: a product panel beside a centred card (the card alone on phones). Plain
 * elements styled as antd's Card and Typography (styles/sign-in.css), with no antd, router or query code: the
 * sign-in page draws it before any of that has loaded (app/sign-in-start.tsx). `footer`: the footer line
 * (AppFooterText inside the app, FooterLine before it).
 */
export function AuthFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="auth">
      <main className="auth-inner">
        <section className="auth-intro" aria-label="平台介绍">
          <Brand light />
          <h2 className="auth-intro-title">
            跨境电商卖家的
            <br />
            店铺融资服务
          </h2>
          <ul className="auth-points">
            {POINTS.map((point) => (
              <li key={point}>
                <SvgIcon icon={CheckCircleFilled} /> {point}
              </li>
            ))}
          </ul>
          <AppLink to="/about" className="auth-intro-link">
            了解平台 →
          </AppLink>
        </section>
        <div className="auth-card">
          <div className="auth-card-brand">
            <Brand />
          </div>
          <h3 className="auth-card-title">{title}</h3>
          {subtitle && <p className="auth-card-subtitle">{subtitle}</p>}
          {children}
        </div>
      </main>
      <footer className="app-footer auth-footer">{footer}</footer>
    </div>
  );
}
