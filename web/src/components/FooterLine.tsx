import { type ClientConfig, PRODUCT_NAME, type SupportContact } from '@loan/domain';

/** 客服电话 and 客服邮箱 as links (and the hours), in one line. */
export function SupportLinksLine({
  support,
  separator = ' · ',
}: {
  support: SupportContact;
  separator?: string;
}) {
  return (
    <span data-testid="support-contact">
      客服电话 <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}>{support.phone}</a>
      {separator}客服邮箱 <a href={`mailto:${support.email}`}>{support.email}</a>
      {separator}
      {support.hours}
    </span>
  );
}

/**
 * "沙箱环境" when the server runs its sandbox adapters (docs/ARCHITECTURE.md §5: labelled as such in the page footer).
 * A plain element drawn as antd's orange tag (styles/content.css .sandbox-tag) with the browser's own tooltip.
 */
function SandboxTag() {
  return (
    <span className="sandbox-tag" title="合作银行、短信、邮件、支付等外部服务均为模拟实现，不产生真实交易">
      沙箱环境
    </span>
  );
}

/**
 * The footer line of every frame: the product and year, the sandbox tag when the server runs sandboxes, and how
 * to reach customer service, from the server's client config (nothing of it until that has arrived). Light (no
 * antd, no TanStack Query): the sign-in page draws it before either loads; AppFooterText gives it the config
 * inside the app.
 */
export function FooterLine({ config }: { config: ClientConfig | undefined }) {
  return (
    <span>
      © {new Date().getFullYear()} {PRODUCT_NAME} {config?.sandbox && <SandboxTag />}
      <br />
      {config?.support && <SupportLinksLine support={config.support} />}
    </span>
  );
}
