/**
 * Mantine components that navigate with TanStack Router, fully typed (`to`, `params`, `search`).
 */
import {
  Anchor,
  Button,
  NavLink,
  type AnchorProps,
  type ButtonProps,
  type NavLinkProps,
} from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & AnchorAttributes>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
AnchorBase.displayName = 'AnchorBase';

const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & AnchorAttributes>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonBase.displayName = 'ButtonBase';

const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkProps & AnchorAttributes>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));
NavLinkBase.displayName = 'NavLinkBase';

const CreatedAnchor = createLink(AnchorBase);
const CreatedButton = createLink(ButtonBase);
const CreatedNavLink = createLink(NavLinkBase);

export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchor preload="intent" {...props} />
);

export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButton preload="intent" {...props} />
);

export const NavLinkLink: LinkComponent<typeof NavLinkBase> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
);
