import { SandboxTag } from './SandboxTag';
import { SupportLinks } from './SupportContact';

/**
 * The footer line of every frame: the product and year, the sandbox tag when the server runs sandboxes, and how
 * to reach customer service.
 */
export function AppFooterText() {
  return (
    <span>
      © {new Date().getFullYear()} 跨境电商融资服务平台 <SandboxTag />
      <br />
      <SupportLinks />
    </span>
  );
}
