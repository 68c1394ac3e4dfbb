/**
 * What a page may download as JavaScript on its first load, brotli-compressed as the server sends it (KiB), set
 * from the measured build with a margin. The login page's 250 KiB is a product target (a phone on a slow line);
 * the signed-in pages carry the layout, tables and forms (measured: 235, 352, 413 and 359 KiB). A page's first load is the entry with everything it
 * imports, plus the lazy modules of its routes (layout and page) with theirs: what the browser fetches before the
 * page can show. Checked by e2e/bundle-budget.e2e.ts on the build the browser tests serve.
 */
export interface FirstLoadBudget {
  path: string;
  /** the lazy route modules the page loads, as the build manifest names them */
  modules: string[];
  maxKiB: number;
}

const ROOT_LAYOUT = 'src/app/layouts/RootLayout.tsx';

export const FIRST_LOAD_BUDGETS: FirstLoadBudget[] = [
  { path: '/bmss/toLogin', modules: ['src/pages/login/LoginPage.tsx'], maxKiB: 250 },
  { path: '/apply/LoanInfo', modules: [ROOT_LAYOUT, 'src/pages/loan-info/LoanInfoPage.tsx'], maxKiB: 380 },
  {
    path: '/record/loanRecord',
    modules: [ROOT_LAYOUT, 'src/pages/loan-records/LoanRecordsPage.tsx'],
    maxKiB: 460,
  },
  {
    path: '/account/myAccount',
    modules: [ROOT_LAYOUT, 'src/pages/my-account/MyAccountPage.tsx'],
    maxKiB: 410,
  },
];

/** Any other page, with the root layout, stays within this (measured: at most 438 KiB, the bank application page). */
export const ANY_PAGE_MAX_KIB = 460;
