/**
 * The staleTime of an answer a page asks afresh each time it opens (what is owed, the coupons, the sign-ins): one
 * answered a moment ago is that fresh answer. The route asked it while the page's code loaded (app/route-data.ts),
 * or the page just asked it and a card drawn after it asks again: neither is sent twice. A change the borrower
 * makes invalidates the answer at once, whatever its age.
 */
export const FRESH_ON_OPEN_MS = 2_000;
