import { API } from '@loan/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { applicationDetail } from '../../test/application-fixtures';
import { ok, renderRoutes, shown } from '../../test/render';
import { bankApplicationTests } from './test-setup';

const { serve } = bankApplicationTests();

describe('the bank flow’s collection account step', () => {
  it('links to the receiving account page for this bank and back, with no sandbox shortcut', async () => {
    const detail = applicationDetail('FUIOU-HKD', { rowId: 55, current: 'OPEN_COLLECTION_ACCOUNT' });
    const api = serve((r) => (r.url === API.applicationDetail ? ok(detail) : ok(null)));
    const path = detail.application.bankPath;
    const { router } = renderRoutes(appRoutes, [path]);
    await shown('当前步骤：开立收款账户');
    expect(screen.queryByRole('button', { name: /沙箱模拟/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '去开立收款账户' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock/toApplyAccountPage'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('bank')).toBe('FUIOU');
    expect(search.get('from')).toBe(path);
    expect(api.requests.some((r) => r.url === API.completeStep)).toBe(false);
  });
});
