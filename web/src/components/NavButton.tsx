import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The primary button that opens another page of the portal (a result's way on, a card's next step). */
export function NavButton({
  to,
  size,
  children,
}: {
  to: string;
  size?: ButtonProps['size'];
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Button type="primary" size={size} onClick={() => navigate(to)}>
      {children}
    </Button>
  );
}
