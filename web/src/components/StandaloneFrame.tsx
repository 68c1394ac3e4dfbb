import { Layout, Spin } from 'antd';
import type { ReactNode } from 'react';
import { AppFooterText } from './AppFooterText';
import { Brand } from './Brand';
import { StandaloneNav } from './StandaloneNav';

/**
 * The frame of pages outside the main layout: a light top bar (the product name; with `nav`, 返回 and the user
 * menu), the content centred, a footer.
 */
export function StandaloneFrame({
  children,
  width = 560,
  extra,
  nav = false,
}: {
  children: ReactNode;
  /** max width of the content column */
  width?: number;
  extra?: ReactNode;
  /** 返回 and the user menu in the top bar: the pages a signed-in borrower passes through */
  nav?: boolean;
}) {
  return (
    <Layout className="standalone">
      <header className="standalone-header">
        <Brand />
        <div className="standalone-header-extra">
          {extra}
          {nav && <StandaloneNav />}
        </div>
      </header>
      <main className="standalone-main">
        <div className="standalone-column" style={{ maxWidth: width }}>
          {children}
        </div>
      </main>
      <footer className="app-footer">
        <AppFooterText />
      </footer>
    </Layout>
  );
}

/** A standalone page's wait while it moves on: the large spinner and what is happening. */
export function StandaloneWaiting({ text }: { text: string }) {
  return (
    <div className="standalone-center" role="status">
      <Spin size="large" />
      <p className="muted">{text}</p>
    </div>
  );
}
