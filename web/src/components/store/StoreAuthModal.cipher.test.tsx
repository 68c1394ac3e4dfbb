import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadCipher } from '../../api/cipher';
import { fakeApi, ok, renderRoutes } from '../../test/render';
import { storeCheck } from '../../test/store-fixtures';
import { StoreAuthCard } from './StoreAuthCard';

// the cipher's early loading recorded; encrypting stays the real code (a module mock: vitest.config.ts runs this
// file with a module graph of its own)
vi.mock('../../api/cipher', async (original) => ({
  ...(await original<typeof import('../../api/cipher')>()),
  preloadCipher: vi.fn(),
}));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  sessionStorage.clear();
});

describe('the store authorisation form', () => {
  it('starts loading the cipher when the token field is first focused, before anything is submitted', async () => {
    api = fakeApi((request) => (request.url === '/seller/mwsTokenCheck' ? ok(storeCheck('01')) : ok(null)));
    renderRoutes([{ path: '/', element: <StoreAuthCard /> }]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: /授权店铺/ }));
    const dialog = await screen.findByRole('dialog');
    expect(preloadCipher).not.toHaveBeenCalled();
    await user.click(within(dialog).getByLabelText('店铺授权令牌'));
    expect(preloadCipher).toHaveBeenCalled();
    expect(api.requests.some((r) => r.url === '/seller/againMwsToken')).toBe(false);
  });
});
