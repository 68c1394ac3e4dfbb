import { ToolOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import type { ReactNode } from 'react';

/**
 * An honest placeholder: the route and its title exist, the feature does not yet. No fake data, no buttons
 * that pretend to work.
 */
export function UnderConstruction({ feature, children }: { feature: ReactNode; children?: ReactNode }) {
  return (
    <Card variant="borderless">
      <Result
        icon={<ToolOutlined style={{ color: '#1677ff' }} />}
        title="功能建设中"
        subTitle={
          <>
            {feature}
            <br />
            该功能正在建设中，暂未开放，敬请期待。
          </>
        }
        extra={children}
      />
    </Card>
  );
}
