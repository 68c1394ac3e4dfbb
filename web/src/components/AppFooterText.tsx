import { SandboxTag } from './SandboxTag';

/** The footer line of every frame: the product and year, and the sandbox tag when the server runs sandboxes. */
export function AppFooterText() {
  return (
    <span>
      © {new Date().getFullYear()} 跨境电商融资服务平台 <SandboxTag />
    </span>
  );
}
