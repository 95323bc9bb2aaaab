/**
 * The Licenses tab of /profile: trial or subscription, how many licenses there are and who holds
 * one; Owner, Admin and Manager give and take licenses, the Owner buys or changes their number (or,
 * self-hosted, sets it) and opens the payment provider's portal.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCreditCard, IconExternalLink, IconLicense } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  subscriptionAssignLicenseMutation,
  subscriptionCreateCheckoutMutation,
  subscriptionCreatePortalSessionMutation,
  subscriptionGetSubscriptionDetailsOptions,
  subscriptionGetSubscriptionDetailsQueryKey,
  subscriptionRemoveLicenseAssignmentMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { SubscriptionDetails, SubscriptionMember } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { envelopeOf } from '../../lib/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { roleNames } from '../../lib/role-names';
import { leaveApp } from '../../lib/leave-app';
import { showSuccess } from '../../lib/notifications';
import { useIsBackOffice, useSession } from '../../lib/session';

const RETURN_PATH = '/profile?tab=2';

function memberLabel(member: SubscriptionMember) {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}

function StatusBadge({ status }: { status: SubscriptionDetails['status'] }) {
  if (status === 'trial') return <Badge color="blue" variant="light"><Trans>Trial</Trans></Badge>;
  if (status === 'active') return <Badge color="green" variant="light"><Trans>Active</Trans></Badge>;
  return <Badge color="red" variant="light"><Trans>Expired</Trans></Badge>;
}

function StatusText({ details }: { details: SubscriptionDetails }) {
  if (details.selfHosted) {
    return <Trans>This server runs without online payment: the owner sets the number of licenses directly.</Trans>;
  }
  const trialEnd = formatDate(details.trialEndDate);
  if (details.status === 'trial') {
    return <Trans>Your trial runs until {trialEnd}. During the trial every member has a license.</Trans>;
  }
  if (details.status === 'expired') {
    return <Trans>The trial ended on {trialEnd}. Buy licenses so that your team can keep working.</Trans>;
  }
  const billing = formatDate(details.billingDate);
  return <Trans>Monthly subscription; the next billing date is {billing}.</Trans>;
}

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The Owner's part: buy, change or (self-hosted) set the number of licenses, and the payment portal. */
function OwnerBilling({ details, onChanged }: { details: SubscriptionDetails; onChanged: (d: SubscriptionDetails | null) => void }) {
  const { t } = useLingui();
  const [count, setCount] = useState<number | string>(Math.max(details.licenseCount, details.members.length, 1));
  const subscribed = details.status === 'active' && !details.selfHosted;
  const checkout = useMutation({
    ...subscriptionCreateCheckoutMutation(),
    onSuccess: (answer) => {
      const url = answer.data?.url;
      if (url) {
        leaveApp.to(url);
        return;
      }
      showSuccess(t`The number of licenses was changed.`);
      onChanged(null);
    },
  });
  const portal = useMutation({
    ...subscriptionCreatePortalSessionMutation(),
    onSuccess: (answer) => {
      if (answer.data?.url) leaveApp.to(answer.data.url);
    },
  });
  const label = details.selfHosted ? t`Set number of licenses` : subscribed ? t`Change number of licenses` : t`Buy licenses`;
  const price = details.pricePerLicense;
  const total = price !== null && typeof count === 'number' ? formatMoney(price * count) : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          <Trans>Number of licenses</Trans>
        </Title>
        <Group align="flex-end" wrap="wrap" preventGrowOverflow={false}>
          <NumberInput
            label={t`Licenses`}
            description={total ? t`${total} per month, net` : undefined}
            min={Math.max(1, details.licenses.filter((l) => l.userId).length)}
            max={500}
            allowDecimal={false}
            allowNegative={false}
            value={count}
            onChange={setCount}
            w={160}
          />
          <Button
            leftSection={<IconLicense size={18} />}
            // A long label wraps on a narrow phone instead of being cut off.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
            loading={checkout.isPending}
            disabled={typeof count !== 'number' || count < 1}
            onClick={() => checkout.mutate({ body: { licenseCount: Number(count), returnPath: RETURN_PATH } })}
          >
            {label}
          </Button>
          {subscribed ? (
            <Button
              variant="default"
              leftSection={<IconCreditCard size={18} />}
              rightSection={<IconExternalLink size={14} />}
              loading={portal.isPending}
              onClick={() => portal.mutate({ body: { returnPath: RETURN_PATH } })}
            >
              <Trans>Invoices and payment method</Trans>
            </Button>
          ) : null}
        </Group>
        {!details.selfHosted && !subscribed ? (
          <Text fz="sm" c="dimmed">
            <Trans>You are taken to the payment page of our payment provider and come back here afterwards.</Trans>
          </Text>
        ) : null}
        {subscribed ? (
          <Text fz="sm" c="dimmed">
            <Trans>More licenses are charged pro rata for the rest of the month; fewer are credited.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function MemberLicenses({ details, onChanged }: { details: SubscriptionDetails; onChanged: (d: SubscriptionDetails | null) => void }) {
  const { t, i18n } = useLingui();
  const seats = details.licenses.length > 0;
  const options = { onSuccess: (answer: { data?: SubscriptionDetails | null }) => onChanged(answer.data ?? null) };
  const assign = useMutation({ ...subscriptionAssignLicenseMutation(), ...options });
  const remove = useMutation({ ...subscriptionRemoveLicenseAssignmentMutation(), ...options });
  const pendingFor = (assign.isPending ? assign.variables?.body.userId : undefined) ?? (remove.isPending ? remove.variables?.body.userId : undefined);
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Member</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>License</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {details.members.map((member) => {
            const name = memberLabel(member);
            const owner = member.roles.includes('Owner');
            return (
              <Table.Tr key={member.userId}>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {name}
                  </Text>
                  {name !== member.email ? (
                    // A long address wraps: the switch beside it stays on a phone's screen.
                    <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {member.email}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{member.roles.map((r) => (roleNames[r] ? i18n._(roleNames[r]) : r)).join(', ')}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Switch
                      aria-label={t`License for ${name}`}
                      checked={member.hasLicense}
                      disabled={!seats || owner || member.invitationPending || details.status === 'expired' || pendingFor === member.userId}
                      onChange={(event) =>
                        (event.currentTarget.checked ? assign : remove).mutate({ body: { userId: member.userId } })
                      }
                    />
                    {pendingFor === member.userId ? <Loader size="xs" /> : null}
                    {owner && seats ? (
                      <Text fz="xs" c="dimmed">
                        <Trans>always licensed</Trans>
                      </Text>
                    ) : null}
                    {member.invitationPending && seats ? (
                      <Text fz="xs" c="dimmed">
                        <Trans>invitation not accepted yet; gets a free license on accepting</Trans>
                      </Text>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function LicensesTab() {
  const backOffice = useIsBackOffice();
  if (!backOffice) {
    return (
      <EmptyState bare icon={IconLicense} title={<Trans>Licenses are managed by the office</Trans>}>
        <Trans>The owner, admins and managers see the subscription here and decide who holds a license.</Trans>
      </EmptyState>
    );
  }
  return <Licenses />;
}

function Licenses() {
  const { t } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const tenantId = session.tenantId ?? '';
  const query = useQuery({ ...subscriptionGetSubscriptionDetailsOptions({ query: { tenantId } }), enabled: !!tenantId });
  const key = subscriptionGetSubscriptionDetailsQueryKey({ query: { tenantId } });
  const onChanged = (details: SubscriptionDetails | null) => {
    if (details) queryClient.setQueryData(key, envelopeOf(details));
    else void queryClient.invalidateQueries({ queryKey: key });
  };
  const details = query.data?.data;
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Group>
    );
  }
  if (!details) {
    return (
      <EmptyState bare icon={IconLicense} title={<Trans>Licenses could not be loaded</Trans>}>
        <Trans>Please try again in a moment.</Trans>
      </EmptyState>
    );
  }
  const isOwner = session.roles.includes('Owner');
  const free = Math.max(0, details.licenses.filter((l) => !l.userId).length);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <StatusBadge status={details.status} />
        <Text fz="sm">
          <StatusText details={details} />
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={<Trans>Licenses</Trans>} value={details.licenseCount} />
        <Figure label={<Trans>Assigned</Trans>} value={details.assignedCount} />
        <Figure label={<Trans>Free</Trans>} value={details.licenses.length > 0 ? free : '–'} />
        <Figure label={<Trans>Per license</Trans>} value={details.pricePerLicense === null ? '–' : formatMoney(details.pricePerLicense)} />
      </SimpleGrid>
      {details.licenses.length === 0 && details.status !== 'expired' ? (
        <Alert color="blue" variant="light">
          {details.selfHosted ? (
            <Trans>Every active member is licensed until the owner sets a number of licenses. Then you decide here who holds one.</Trans>
          ) : (
            <Trans>Every active member is licensed until licenses are bought or set. Then you decide here who holds one.</Trans>
          )}
        </Alert>
      ) : null}
      {isOwner ? (
        <OwnerBilling details={details} onChanged={onChanged} />
      ) : (
        <Text fz="sm" c="dimmed">
          <Trans>Only the owner buys licenses or changes their number.</Trans>
        </Text>
      )}
      <MemberLicenses details={details} onChanged={onChanged} />
    </Stack>
  );
}
