import { Card, Skeleton } from 'antd';

/**
 * A page's one placeholder while the calls it draws with are out: as tall as a screen, so the footer stays below
 * it and nothing on screen moves when the page replaces it.
 */
export function PagePlaceholder() {
  return (
    <Card variant="borderless" className="page-placeholder">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}
