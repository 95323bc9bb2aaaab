import { Trans } from '@lingui/react/macro';
import { Paper, Skeleton, Tabs } from '@mantine/core';
import {
  IconBuildingStore,
  IconCertificate,
  IconCode,
  IconPlugConnected,
  IconShieldCheck,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { CompanyTab } from '../../features/profile/company-tab';
import { intParam, searchSchema, withDefault } from '../../lib/url-search';

// The first tab comes with the page; the others load when opened (only the open tab is mounted).
const MembersTab = lazy(() => import('../../features/profile/members-tab').then((module) => ({ default: module.MembersTab })));
const LicensesTab = lazy(() => import('../../features/profile/licenses-tab').then((module) => ({ default: module.LicensesTab })));
const ConsentsTab = lazy(() => import('../../features/profile/consents-tab').then((module) => ({ default: module.ConsentsTab })));
const DevelopersTab = lazy(() => import('../../features/profile/developers-tab').then((module) => ({ default: module.DevelopersTab })));
const AccountingTab = lazy(() => import('../../features/profile/accounting-tab').then((module) => ({ default: module.AccountingTab })));

interface ProfileTab {
  label: ReactNode;
  icon: Icon;
  /** The tab's screen; the empty state below until it has one. */
  content?: () => ReactNode;
  emptyTitle: ReactNode;
  emptyText: ReactNode;
}

const tabs: ProfileTab[] = [
  {
    label: <Trans>Company</Trans>,
    icon: IconBuildingStore,
    content: () => <CompanyTab />,
    emptyTitle: <Trans>No company details yet</Trans>,
    emptyText: (
      <Trans>
        Company name, address, tax numbers, default hourly rate and VAT settings for invoices will be
        edited here.
      </Trans>
    ),
  },
  {
    label: <Trans>Members</Trans>,
    icon: IconUsersGroup,
    content: () => <MembersTab />,
    emptyTitle: <Trans>No members yet</Trans>,
    emptyText: (
      <Trans>
        The people of your company will be listed here with their role. Managers will invite new
        members by email and edit or archive existing ones.
      </Trans>
    ),
  },
  {
    label: <Trans>Licenses</Trans>,
    icon: IconCertificate,
    content: () => <LicensesTab />,
    emptyTitle: <Trans>No license details yet</Trans>,
    emptyText: (
      <Trans>
        Your trial or subscription will be shown here, with the licenses assigned to members and
        the billing date.
      </Trans>
    ),
  },
  {
    label: <Trans>Consents</Trans>,
    icon: IconShieldCheck,
    content: () => <ConsentsTab />,
    emptyTitle: <Trans>No consents yet</Trans>,
    emptyText: (
      <Trans>
        Your consents to the terms, privacy, AI features and location stamping will be shown here,
        with the date given or revoked.
      </Trans>
    ),
  },
  {
    label: <Trans>Accounting</Trans>,
    icon: IconPlugConnected,
    content: () => <AccountingTab />,
    emptyTitle: <Trans>No accounting software connected</Trans>,
    emptyText: (
      <Trans>
        The connection to your accounting software will be set up here, to import customers and to
        send invoices to it.
      </Trans>
    ),
  },
  {
    label: <Trans>Developers</Trans>,
    icon: IconCode,
    content: () => <DevelopersTab />,
    emptyTitle: <Trans>No API keys yet</Trans>,
    emptyText: <Trans>The API reference and your company's API keys for other software.</Trans>,
  },
];

/**
 * `?tab=` selects the tab (0-based); anything invalid falls back to the first one. The count is a
 * constant: were the schema to read `tabs`, the tabs' screens would load with the app's entry
 * instead of with this route.
 */
const TAB_COUNT = 6;
const profileSearchSchema = searchSchema({ tab: withDefault(intParam(0, TAB_COUNT - 1), 0) });

export const Route = createFileRoute('/_app/profile')({
  validateSearch: profileSearchSchema,
  component: ProfilePage,
});

function ProfilePage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();

  return (
    <>
      <PageHeader
        title={<Trans>Company profile</Trans>}
        description={<Trans>Your company, its members, licenses, consents and connections.</Trans>}
      />
      <Paper withBorder radius="lg">
        {/* Only the open tab is mounted: each tab's screen loads its own data. */}
        <Tabs
          keepMounted={false}
          value={String(tab)}
          onChange={(value) => void navigate({ search: { tab: Number(value ?? 0) }, replace: true })}
        >
          {/* Wraps onto a second line on a phone, so every tab stays in sight. */}
          <Tabs.List px="sm" pt="xs">
            {tabs.map((item, index) => {
              const Icon = item.icon;
              return (
                <Tabs.Tab key={index} value={String(index)} leftSection={<Icon size={16} />}>
                  {item.label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {tabs.map((item, index) => (
            <Tabs.Panel key={index} value={String(index)} p={{ base: 'md', sm: 'lg' }}>
              {item.content ? (
                <Suspense fallback={<Skeleton h={240} radius="md" />}>{item.content()}</Suspense>
              ) : (
                <EmptyState bare icon={item.icon} title={item.emptyTitle}>
                  {item.emptyText}
                </EmptyState>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
