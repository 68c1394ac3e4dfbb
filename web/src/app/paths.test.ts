import { NOTICE_LINK_PAGES, type NoticeLink } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { noticeLinkPath } from './paths';

/** Every page a notice may link to, as the message centre opens it. */
const LINKS: Array<[NoticeLink, string]> = [
  [{ page: 'LOAN', rowId: 301 }, '/record/loanRecordDetail?rowId=301'],
  [{ page: 'APPLICATION', rowId: 302 }, '/auditing?rowId=302'],
  [{ page: 'TRADING' }, '/trading/tradingRecord'],
  [{ page: 'REFUND' }, '/account/refund'],
  [{ page: 'RECEIVING_ACCOUNT' }, '/lock/toApplyAccountPage'],
  [{ page: 'MY_ACCOUNT' }, '/account/myAccount'],
  [{ page: 'SECURITY' }, '/account/myAccount#security'],
];

describe("a notice's link", () => {
  it.each(LINKS)('%o opens %s', (link, path) => {
    expect(noticeLinkPath(link)).toBe(path);
  });

  it('covers every page the domain names', () => {
    expect(LINKS.map(([link]) => link.page).sort()).toEqual([...NOTICE_LINK_PAGES].sort());
  });
});
