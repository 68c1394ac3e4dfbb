import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AboutPage from '../pages/about/AboutPage';
import ForbiddenPage from '../pages/forbidden/ForbiddenPage';
import { fakeApi, ok, renderRoutes, shown } from '../test/render';
import { AppFooterText } from './AppFooterText';

const SUPPORT = { phone: '400-820-1234', email: 'support@example.com', hours: '工作日 09:00–18:00' };
let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function serveConfig() {
  api = fakeApi((r) =>
    r.url === API.clientConfig
      ? ok({ sandbox: true, environment: 'development', support: SUPPORT })
      : ok(null),
  );
}

describe('customer service', () => {
  it('is in the footer, the phone and e-mail as links', async () => {
    serveConfig();
    renderRoutes([{ path: '/', element: <AppFooterText /> }]);
    const line = await screen.findByTestId('support-contact');
    expect(line).toHaveTextContent(
      '客服电话 400-820-1234 · 客服邮箱 support@example.com · 工作日 09:00–18:00',
    );
    expect(screen.getByRole('link', { name: '400-820-1234' })).toHaveAttribute('href', 'tel:4008201234');
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });

  it('is on /about, as the server is configured', async () => {
    serveConfig();
    renderRoutes([{ path: '/about', element: <AboutPage /> }], ['/about']);
    const contact = await screen.findByTestId('about-contact');
    await waitFor(() => expect(contact).toHaveTextContent('客服电话400-820-1234'));
    expect(contact).toHaveTextContent('客服邮箱support@example.com');
    expect(contact).toHaveTextContent('服务时间工作日 09:00–18:00');
  });

  it('comes with a text that says 联系客服', async () => {
    serveConfig();
    renderRoutes([{ path: '/', element: <ForbiddenPage /> }]);
    await shown(/请联系客服（客服电话 400-820-1234，工作日 09:00–18:00）为您开通权限/);
  });

  it('is given by every page text that says 联系客服 (it goes through SupportText or useSupportText)', () => {
    const src = join(import.meta.dirname, '..');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return walk(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    })(src);
    const bare = files
      .filter((file) => readFileSync(file, 'utf8').includes('联系客服'))
      .filter((file) => !/SupportText|useSupportText/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(bare).toEqual([]);
  });
});
