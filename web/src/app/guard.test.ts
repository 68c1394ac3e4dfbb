import { describe, expect, it } from 'vitest';
import { decide, type GuardDecision, type GuardSession, mayOpen, normalisePath, OPEN_PATHS } from './guard';
import { NAVIGATION, type NavItem, visibleNavigation } from './navigation';

const NO_SESSION: GuardSession = { token: null, loginId: null, pwdTime: null, onlyPages: null };
const SIGNED_IN: GuardSession = {
  token: 'tok',
  loginId: 'demo',
  pwdTime: '2024-05-01T10:00:00+08:00',
  onlyPages: null,
};
/** all four /403 conditions hold (with a target outside the open list and not /account/reset) */
const NEWBIE: GuardSession = { token: 'tok', loginId: 'newbie', pwdTime: null, onlyPages: [] };

const PROCEED: GuardDecision = { kind: 'proceed' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });

type Row = [
  rule: string,
  path: string,
  matched: boolean,
  from: string,
  session: GuardSession,
  expected: GuardDecision,
];

const OPEN_ROWS: Row[] = OPEN_PATHS.flatMap((path): Row[] => [
  [`open ${path} without a session`, path, true, '/', NO_SESSION, PROCEED],
  [`open ${path} for a newbie arriving from /`, path, true, '/', NEWBIE, PROCEED],
]);

const TABLE: Row[] = [
  ...OPEN_ROWS,
  // no token
  ['no token: a deep link goes to login', '/apply/LoanInfo', true, '/', NO_SESSION, to('/bmss/toLogin')],
  [
    'no token: in-app navigation goes to login',
    '/account/reset',
    true,
    '/about',
    NO_SESSION,
    to('/bmss/toLogin'),
  ],
  [
    'no token: a standalone page outside the open list',
    '/auditing',
    true,
    '/',
    NO_SESSION,
    to('/bmss/toLogin'),
  ],
  ['no token: unmatched goes to /404', '/no/such/page', false, '/', NO_SESSION, to('/404')],
  // the public check of a document: its number is a path segment
  ['open /verify/{docNo} without a session', '/verify/HD20261127K7M2QX9P', true, '/', NO_SESSION, PROCEED],
  [
    'open /verify/{docNo} for a newbie arriving from /',
    '/verify/HD20261127K7M2QX9P',
    true,
    '/',
    NEWBIE,
    PROCEED,
  ],
  ['no token: a path that only starts like /verify', '/verifyx', false, '/', NO_SESSION, to('/404')],
  [
    'no token: /verify under another section',
    '/account/verify/x',
    true,
    '/',
    NO_SESSION,
    to('/bmss/toLogin'),
  ],
  [
    'an empty token is no token',
    '/apply/LoanInfo',
    true,
    '/',
    { ...NO_SESSION, token: '' },
    to('/bmss/toLogin'),
  ],
  // token
  ['token: /404 opens', '/404', true, '/apply/LoanInfo', SIGNED_IN, PROCEED],
  ['token: /403 opens', '/403', true, '/apply/LoanInfo', SIGNED_IN, PROCEED],
  ['token: login opens', '/bmss/toLogin', true, '/apply/LoanInfo', SIGNED_IN, PROCEED],
  ['token: unmatched goes to /404', '/apply/NoSuchProduct', false, '/apply/LoanInfo', SIGNED_IN, to('/404')],
  ['token: unmatched from / goes to /404 even for a newbie', '/nope', false, '/', NEWBIE, to('/404')],
  ['token: a matched page proceeds', '/record/loanRecord', true, '/apply/LoanInfo', SIGNED_IN, PROCEED],
  ['token: the message centre opens', '/account/messages', true, '/', SIGNED_IN, PROCEED],
  [
    'no token: the message centre goes to login',
    '/account/messages',
    true,
    '/',
    NO_SESSION,
    to('/bmss/toLogin'),
  ],
  ['token: first load of a page proceeds', '/apply/LoanInfo', true, '/', SIGNED_IN, PROCEED],
  // the /403 rule
  ['403: newbie arriving from / (first load)', '/apply/LoanInfo', true, '/', NEWBIE, to('/403')],
  ['403: newbie deep link to records', '/record/loanRecord', true, '/', NEWBIE, to('/403')],
  ['403: newbie deep link to the message centre', '/account/messages', true, '/', NEWBIE, to('/403')],
  [
    '403: a trailing slash on the target changes nothing',
    '/trading/tradingRecord/',
    true,
    '/',
    NEWBIE,
    to('/403'),
  ],
  ['403 off: not from the root path', '/apply/LoanInfo', true, '/account/reset', NEWBIE, PROCEED],
  ['403 off: no login id', '/apply/LoanInfo', true, '/', { ...NEWBIE, loginId: null }, PROCEED],
  ['403 off: empty login id', '/apply/LoanInfo', true, '/', { ...NEWBIE, loginId: '' }, PROCEED],
  [
    '403 off: password changed',
    '/apply/LoanInfo',
    true,
    '/',
    { ...NEWBIE, pwdTime: '2024-05-01T10:00:00+08:00' },
    PROCEED,
  ],
  [
    '403 on: empty pwdTime counts as never changed',
    '/apply/LoanInfo',
    true,
    '/',
    { ...NEWBIE, pwdTime: '' },
    to('/403'),
  ],
  ['403 off: target is /account/reset', '/account/reset', true, '/', NEWBIE, PROCEED],
  ['403 off: target is open (/about)', '/about', true, '/', NEWBIE, PROCEED],
  [
    '403 off: only-page list not present (null)',
    '/apply/LoanInfo',
    true,
    '/',
    { ...NEWBIE, onlyPages: null },
    PROCEED,
  ],
  [
    '403 off: only-page list not present (undefined)',
    '/apply/LoanInfo',
    true,
    '/',
    { ...NEWBIE, onlyPages: undefined },
    PROCEED,
  ],
  [
    '403 off: only-page list not empty',
    '/apply/LoanInfo',
    true,
    '/',
    { ...NEWBIE, onlyPages: ['/apply/LoanInfo'] },
    PROCEED,
  ],
];

describe('route guard (docs/PRODUCT.md §2.3)', () => {
  it.each(TABLE)('%s', (_rule, path, matched, from, session, expected) => {
    expect(decide({ path, matched }, from, session)).toEqual(expected);
  });

  it('the open list is exactly the one of docs/PRODUCT.md §2.3 and the public check of a document', () => {
    expect([...OPEN_PATHS].sort()).toEqual(
      [
        '/user/forgot',
        '/application',
        '/materialLogin',
        '/loading',
        '/agreement',
        '/about',
        '/directLogin',
        '/bmss/toLogin',
        '/404',
        '/403',
        '/application/enter',
        '/verify',
      ].sort(),
    );
  });

  it('treats a trailing slash as the same path', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/')).toBe('/');
    expect(decide({ path: '/about/', matched: true }, '/', NO_SESSION)).toEqual(PROCEED);
    expect(decide({ path: '/account/reset/', matched: true }, '/', NEWBIE)).toEqual(PROCEED);
  });
});

const menuPaths = (items: NavItem[]): string[] =>
  items.flatMap((item) => (item.children ? menuPaths(item.children) : item.path ? [item.path] : []));

type MenuRow = [who: string, session: GuardSession, paths: string[]];

/** The menu follows the guard: an entry is shown only when typing its address would open it. */
const MENU_TABLE: MenuRow[] = [
  ['newbie: only 修改密码 (every other page answers /403 on a fresh load)', NEWBIE, ['/account/reset']],
  ['a user who changed the password: every entry', SIGNED_IN, menuPaths(NAVIGATION)],
  [
    'newbie with an only-page list: every entry (the /403 rule needs an empty list)',
    { ...NEWBIE, onlyPages: ['/apply/LoanInfo'] },
    menuPaths(NAVIGATION),
  ],
];

describe('the side menu follows the guard', () => {
  it.each(MENU_TABLE)('%s', (_who, session, paths) => {
    expect(menuPaths(visibleNavigation(NAVIGATION, (path) => mayOpen(path, session)))).toEqual(paths);
  });

  it('every entry the newbie sees opens; every entry hidden answers /403 when typed', () => {
    for (const path of menuPaths(NAVIGATION)) {
      const typed = decide({ path, matched: true }, '/', NEWBIE);
      expect(typed, path).toEqual(mayOpen(path, NEWBIE) ? PROCEED : to('/403'));
    }
    expect(mayOpen('/record/loanRecord', NEWBIE)).toBe(false);
  });

  it('drops a group left without entries and keeps the group of a visible one', () => {
    const visible = visibleNavigation(NAVIGATION, (path) => path === '/account/reset');
    expect(visible.map((item) => item.label)).toEqual(['我的账户']);
    expect(visible[0]?.children?.map((item) => item.label)).toEqual(['修改密码']);
  });
});
