import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconBooks,
  IconBuildingStore,
  IconClockHour4,
  IconFileInvoice,
  IconLanguage,
  IconLayoutDashboard,
  IconPackage,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

interface MenuItem {
  to: '/' | '/library' | '/invoicelist' | '/customerlist' | '/materiallist' | '/timetracking' | '/profile' | '/manage-locals';
  label: MessageDescriptor;
  icon: Icon;
  /** Further paths that belong to this entry (details reached from its list). */
  alsoActiveOn?: string[];
  /** Only for these roles (any of them; the Owner counts as Manager). */
  roles?: readonly string[];
}

interface MenuGroup {
  label: MessageDescriptor;
  items: MenuItem[];
}

/** The side menu: its entries, their routes and the roles that see them. */
export const menuGroups: MenuGroup[] = [
  {
    label: msg`Activity`,
    items: [
      { to: '/', label: msg`Dashboard`, icon: IconLayoutDashboard, roles: ['Admin', 'Manager'] },
      { to: '/library', label: msg`Library`, icon: IconBooks, alsoActiveOn: ['/gallery'] },
      { to: '/invoicelist', label: msg`Invoices`, icon: IconFileInvoice, alsoActiveOn: ['/invoice/'], roles: ['Admin', 'Manager'] },
    ],
  },
  {
    label: msg`Master data`,
    items: [
      { to: '/customerlist', label: msg`Customers`, icon: IconUsers, alsoActiveOn: ['/customer/', '/activity/'] },
      { to: '/materiallist', label: msg`Materials`, icon: IconPackage },
    ],
  },
  {
    label: msg`Member`,
    items: [{ to: '/timetracking', label: msg`Time tracking`, icon: IconClockHour4 }],
  },
  {
    label: msg`Administration`,
    items: [
      { to: '/profile', label: msg`Company profile`, icon: IconBuildingStore },
      { to: '/manage-locals', label: msg`Translations`, icon: IconLanguage, roles: ['Owner', 'Admin'] },
    ],
  },
];

export function isItemActive(item: MenuItem, pathname: string): boolean {
  if (pathname === item.to) return true;
  return (item.alsoActiveOn ?? []).some((prefix) => pathname.startsWith(prefix));
}
