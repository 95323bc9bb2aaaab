/**
 * Mantine components that navigate with TanStack Router, fully typed (`to`, `params`, `search`).
 * The navigation's `NavLinkLink` is in `app-shell/nav-link-link.tsx`: the public screens use these
 * and do without Mantine's NavLink.
 */
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

export type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & AnchorAttributes>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
AnchorBase.displayName = 'AnchorBase';

const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & AnchorAttributes>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonBase.displayName = 'ButtonBase';

const CreatedAnchor = createLink(AnchorBase);
const CreatedButton = createLink(ButtonBase);

export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchor preload="intent" {...props} />
);

export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButton preload="intent" {...props} />
);
