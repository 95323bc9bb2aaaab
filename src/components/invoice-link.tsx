/**
 * A link to an issued invoice's page, `/invoice/<id>`, named by its number: from the invoice
 * dialog once issued and from every entry the invoice billed. It navigates inside the app (a
 * click with a modifier key opens a new tab as any link does).
 */
import { Anchor, type AnchorProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function InvoiceLink({ id, children, ...props }: AnchorProps & { id: string; children: ReactNode }) {
  const router = useRouter();
  const href = `/invoice/${encodeURIComponent(id)}`;
  return (
    <Anchor
      {...props}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.history.push(href);
      }}
    >
      {children}
    </Anchor>
  );
}
