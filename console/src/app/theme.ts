import type { ThemeConfig } from 'antd';

/**
 * The borrower portal's colours (web/src/app/theme.ts), each readable on white at WCAG AA: the primary blue
 * darkened from antd's #1677ff to 5.3:1, descriptive text at 60 % black, errors 5.0:1.
 */
export const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1366db',
    // hovered and pressed: darker, not antd's lighter blue (3.6:1 under white text)
    colorPrimaryHover: '#0f56b8',
    colorPrimaryActive: '#0c4797',
    colorInfo: '#1366db',
    colorLink: '#1366db',
    colorLinkHover: '#0f56b8',
    colorLinkActive: '#0c4797',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorError: '#d32f2f',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
};

/**
 * Text that asks for attention without being an error (pending migrations, open calls): antd's warning gold is
 * 1.9:1 on white, this darker amber 4.9:1.
 */
export const WARNING_TEXT = '#a65f00';
