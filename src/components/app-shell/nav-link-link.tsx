/** Mantine's NavLink navigating with TanStack Router, fully typed (`to`, `params`, `search`). */
import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef } from 'react';
import type { AnchorAttributes } from '../router-links';

const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkProps & AnchorAttributes>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));
NavLinkBase.displayName = 'NavLinkBase';

const CreatedNavLink = createLink(NavLinkBase);

export const NavLinkLink: LinkComponent<typeof NavLinkBase> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
);
