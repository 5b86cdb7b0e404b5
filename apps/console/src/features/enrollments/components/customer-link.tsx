import { Anchor, type AnchorProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

interface CustomerLinkProps extends AnchorProps {
  customerId: number;
  children: ReactNode;
}

/**
 * A link to a customer's page (/customers/$id). An ordinary click moves inside the console without reloading it;
 * a modified click (new tab, new window) is the browser's.
 */
export function CustomerLink({ customerId, children, ...props }: CustomerLinkProps) {
  const navigate = useNavigate();
  const href = `/customers/${customerId}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <Anchor href={href} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
