import { BANK_CODES, bankRoutePath, PARTNER_BANKS, STEP_INFO } from '@loan/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes';
import { saveLogin, saveUserInfo } from '../../session/session';
import { DEMO_USER_INFO } from '../../test/fixtures';
import { fakeApi, ok, renderRoutes } from '../../test/render';

const IDS = { rowId: 'R1001', productCode: 'PC-9', productType: 'CREDIT', mcOrderNo: 'MC20261121001' };

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  saveLogin('tok');
  saveUserInfo(DEMO_USER_INFO);
  api = fakeApi(() => ok(null));
});
afterEach(() => {
  api.restore();
  sessionStorage.clear();
});

describe('one page for the five bank routes', () => {
  it.each(BANK_CODES)('%s: its route shows that bank, its route parameters and its steps', async (bank) => {
    const info = PARTNER_BANKS[bank];
    const path = bankRoutePath(bank, IDS as never);
    const { router } = renderRoutes(appRoutes, [path]);
    expect(await screen.findByText(new RegExp(info.name), {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    for (const param of info.routeParams) expect(screen.getByText(IDS[param])).toBeInTheDocument();
    for (const step of info.flow) expect(screen.getByText(STEP_INFO[step].title)).toBeInTheDocument();
    // nothing pretends to work: the page says online applying is not open yet
    expect(screen.getByText('功能建设中')).toBeInTheDocument();
  });
});
