import { Drawer, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The details of one record beside its list: the whole screen on a phone, `width` wide otherwise. */
export function DetailDrawer({
  open,
  title,
  phone,
  width = 560,
  extra,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  phone: boolean;
  width?: number;
  /** the record's action in the header */
  extra?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={phone ? '100%' : width}
      destroyOnHidden
      extra={extra}
    >
      {children}
    </Drawer>
  );
}

/** A titled part of a drawer, named by its title. */
export function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}
