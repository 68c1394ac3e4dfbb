import { Typography } from 'antd';

/**
 * A table's empty text, readable at WCAG AA (antd draws its placeholder in the disabled colour, 25 % black: 1.6:1
 * on white); the theme's secondary text passes.
 */
export function empty(text: string) {
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}
