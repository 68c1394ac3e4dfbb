/**
 * What a page may download as JavaScript on its first load, brotli-compressed as the server sends it (KiB), and in
 * how many files (each costs a phone on a slow line a round trip), set from the measured build with a margin. The
 * sign-in page's is a product target (a phone on a slow line): React and its own chunk, no router, query or antd
 * code (measured: 97 KiB in 5 files); the signed-in pages carry the layout, tables and forms (measured: 237 KiB in
 * 8 files, 344 in 21, 411 in 26 and 358 in 30). A page's first load is the entry with everything it imports, plus
 * the lazy modules of its routes (layout and page) with theirs: what the browser fetches before the page can show.
 * Checked by e2e/bundle-budget.e2e.ts on the build the browser tests serve.
 */
export interface FirstLoadBudget {
  path: string;
  /** the lazy route modules the page loads: the build manifest's key of each, or the name of its chunk */
  modules: string[];
  maxKiB: number;
  maxFiles: number;
}

/** The root layout's chunk (vite.config.ts): the signed-in frame, in one file with what it alone imports. */
export const SIGNED_IN_FRAME = 'signed-in-frame';
/** The sign-in page's chunk (vite.config.ts): app/sign-in-start.tsx with what it alone imports. */
export const SIGN_IN = 'sign-in';

export const FIRST_LOAD_BUDGETS: FirstLoadBudget[] = [
  // a signed-out visitor's: the entry, React and the sign-in page's own chunk (app/sign-in-start.tsx)
  { path: '/bmss/toLogin', modules: [SIGN_IN], maxKiB: 120, maxFiles: 6 },
  {
    path: '/apply/LoanInfo',
    modules: [SIGNED_IN_FRAME, 'src/pages/loan-info/LoanInfoPage.tsx'],
    maxKiB: 370,
    maxFiles: 25,
  },
  {
    path: '/record/loanRecord',
    modules: [SIGNED_IN_FRAME, 'src/pages/loan-records/LoanRecordsPage.tsx'],
    maxKiB: 440,
    maxFiles: 30,
  },
  {
    path: '/account/myAccount',
    modules: [SIGNED_IN_FRAME, 'src/pages/my-account/MyAccountPage.tsx'],
    maxKiB: 390,
    maxFiles: 34,
  },
];

/** Any other page, with the root layout, stays within this (measured: at most 435 KiB, the bank application page). */
export const ANY_PAGE_MAX_KIB = 460;
