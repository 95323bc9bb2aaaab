/**
 * The Members tab of /profile (Owner, Admin, Manager): the firm's members with search and the
 * archived ones on request; invite (the mail carries a 7-day link to /set-password), send an open
 * invitation again, change name and role, archive (ends their sessions, frees their license) and
 * reactivate. Actions a role may not take are not offered: a Manager neither appoints an Admin nor
 * changes an Admin or the Owner; nobody changes their own role or archives themselves.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Menu, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArchive, IconDots, IconMailForward, IconPencil, IconRestore, IconSearch, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { subscriptionGetSubscriptionDetailsOptions, usersInviteMutation, usersUpdateMutation } from '../../../generated/api/@tanstack/react-query.gen';
import { usersGetAll } from '../../../generated/api/sdk.gen';
import type { SubscriptionDetails, User } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { FormButtons, FormModal } from '../../components/form-modal';
import { formatDateTime } from '../../lib/format';
import { applyServerFieldErrors, zodFormValidator } from '../../lib/form-validation';
import { showSuccess } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import { roleNames } from '../../lib/role-names';
import { useIsBackOffice, useSession } from '../../lib/session';

type Role = User['roles'][number];
const LEADS: Role[] = ['Owner', 'Admin'];

const fullName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/** Which changes the signed-in member may make to this member (the server enforces the same). */
export function permissionsFor(me: { id: string | null; roles: string[] }, member: User) {
  const lead = me.roles.some((r) => LEADS.includes(r as Role));
  const own = member.id === me.id;
  const owner = member.roles.includes('Owner');
  const touchesLead = member.roles.some((r) => LEADS.includes(r));
  const mayEdit = !owner && (lead || !touchesLead);
  return {
    edit: mayEdit || own,
    changeRole: mayEdit && !own,
    archive: mayEdit && !own,
    /** Roles offered when changing or inviting. */
    roles: (lead ? ['Admin', 'Manager', 'Employee'] : ['Manager', 'Employee']) as Role[],
  };
}

function useRoleOptions(roles: Role[]) {
  const { i18n } = useLingui();
  return roles.map((role) => ({ value: role, label: i18n._(roleNames[role]) }));
}

const nameSchema = z.string().trim().min(1).max(100);
const inviteSchema = z.object({ firstName: nameSchema, lastName: nameSchema, email: z.email().max(254) });

/**
 * Whether an invitation now would find no license: seats apply, and the free ones are already
 * spoken for by invitations still open (an open invitation takes a free one on accepting).
 */
export function noSeatForInvitation(details: SubscriptionDetails | undefined): boolean {
  if (!details || details.licenses.length === 0 || details.status === 'expired') return false;
  const free = details.licenses.filter((l) => !l.userId).length;
  const waiting = details.members.filter((m) => m.invitationPending && !m.hasLicense).length;
  return free - waiting <= 0;
}

function SeatWarning() {
  const { tenantId } = useSession();
  const details = useQuery({ ...subscriptionGetSubscriptionDetailsOptions({ query: { tenantId: tenantId ?? '' } }), enabled: !!tenantId }).data?.data;
  if (!details || !noSeatForInvitation(details)) return null;
  const count = details.licenses.length;
  return (
    <Alert color="yellow" variant="light" role="status">
      {details.selfHosted ? (
        <Trans>
          All {count} licenses are taken. The new member can accept the invitation, but can only work once the owner raises
          the number of licenses on the Licenses tab or a license is taken back.
        </Trans>
      ) : (
        <Trans>
          All {count} licenses are taken. The new member can accept the invitation, but can only work once the owner buys
          more licenses on the Licenses tab or a license is taken back.
        </Trans>
      )}
    </Alert>
  );
}

function InviteForm({ roles, onDone }: { roles: Role[]; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roleOptions = useRoleOptions(roles);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', role: 'Employee' as Role, language: 'de' as 'de' | 'en' },
    validate: zodFormValidator(inviteSchema) as never,
  });
  const invite = useMutation({
    ...usersInviteMutation(),
    meta: { silent: true },
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [{ _id: 'usersGetAll' }] });
      // The licenses change with a new open invitation; read again when next shown.
      void queryClient.invalidateQueries({ queryKey: [{ _id: 'subscriptionGetSubscriptionDetails' }], refetchType: 'none' });
      const email = answer.data.email;
      showSuccess(answer.data.invitationPending ? t`Invitation sent to ${email}.` : t`Saved.`);
      onDone();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        invite.mutate({ body: { ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim(), role: values.role as 'Admin' | 'Manager' | 'Employee' } }),
      )}
    >
      <Stack gap="sm">
        <SeatWarning />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`First name`} required maxLength={100} data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label={t`Last name`} required maxLength={100} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={t`Email`} type="email" required maxLength={254} {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={t`Role`} allowDeselect={false} data={roleOptions} {...form.getInputProps('role')} />
          <Select
            label={t`Language of the invitation`}
            allowDeselect={false}
            data={[
              { value: 'de', label: t`German` },
              { value: 'en', label: t`English` },
            ]}
            {...form.getInputProps('language')}
          />
        </SimpleGrid>
        <Text fz="sm" c="dimmed">
          <Trans>The new member gets an e-mail with a link to set a password; the link is valid for 7 days.</Trans>
        </Text>
        <FormButtons onCancel={onDone} saving={invite.isPending} />
      </Stack>
    </form>
  );
}

function EditForm({ member, roles, changeRole, onDone }: { member: User; roles: Role[]; changeRole: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roleOptions = useRoleOptions(changeRole ? roles : member.roles);
  const form = useForm({
    initialValues: { firstName: member.firstName ?? '', lastName: member.lastName ?? '', role: member.roles[0], startDate: member.startDate ?? '' },
    validate: zodFormValidator(z.object({ firstName: nameSchema, lastName: nameSchema })) as never,
  });
  const update = useMutation({
    ...usersUpdateMutation(),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [{ _id: 'usersGetAll' }] });
      showSuccess(t`Member saved.`);
      onDone();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate({
          body: {
            id: member.id,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            role: values.role,
            archived: member.archived,
            startDate: values.startDate || null,
          },
        }),
      )}
    >
      <Stack gap="sm">
        <SeatWarning />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`First name`} required maxLength={100} data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label={t`Last name`} required maxLength={100} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Select label={t`Role`} allowDeselect={false} disabled={!changeRole} data={roleOptions} {...form.getInputProps('role')} />
        <TextInput
          type="date"
          label={t`First working day`}
          description={t`Working-time targets count from this day; empty: the day the member was added.`}
          {...form.getInputProps('startDate')}
        />
        <FormButtons onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}

function StatusBadge({ member }: { member: User }) {
  if (member.archived) return <Badge color="gray" variant="light"><Trans>Archived</Trans></Badge>;
  if (member.invitationPending) return <Badge color="yellow" variant="light"><Trans>Invited</Trans></Badge>;
  return <Badge color="green" variant="light"><Trans>Active</Trans></Badge>;
}

export function MembersTab() {
  const backOffice = useIsBackOffice();
  if (!backOffice) {
    return (
      <EmptyState bare icon={IconUsersGroup} title={<Trans>Members are managed by the office</Trans>}>
        <Trans>The owner, admins and managers invite members here and change their roles.</Trans>
      </EmptyState>
    );
  }
  return <Members />;
}

function Members() {
  const phone = useMediaQuery('(max-width: 48em)');
  const { t, i18n } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 250);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const query = { includeArchived, ...(filter ? { filter } : {}) };
  const list = useQuery({
    queryKey: [{ _id: 'usersGetAll', query }],
    queryFn: async ({ signal }) => (await usersGetAll({ query, signal, throwOnError: true })).data,
  });
  const me = { id: session.userId, roles: session.roles };
  const lead = session.roles.some((r) => LEADS.includes(r as Role));
  const inviteRoles = permissionsFor(me, { id: '', roles: ['Employee'] } as unknown as User).roles;

  const update = useMutation({
    ...usersUpdateMutation(),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [{ _id: 'usersGetAll' }] });
      const name = fullName(answer.data);
      showSuccess(answer.data.archived ? t`${name} was archived.` : t`${name} is active again.`);
    },
  });
  const invite = useMutation({
    ...usersInviteMutation(),
    onSuccess: (answer) => {
      const email = answer.data.email;
      showSuccess(t`Invitation sent again to ${email}.`);
    },
  });

  const setArchived = (member: User, archived: boolean) => {
    const name = fullName(member);
    const change = () =>
      update.mutate({ body: { id: member.id, firstName: member.firstName ?? name, lastName: member.lastName ?? name, role: member.roles[0], archived } });
    if (!archived) return change();
    modals.openConfirmModal({
      title: t`Archive ${name}?`,
      children: (
        <Text fz="sm">
          <Trans>{name} is signed out on every device at once and can no longer sign in. Their license becomes free; their entries stay.</Trans>
        </Text>
      ),
      labels: { confirm: t`Archive`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: change,
    });
  };

  const members = list.data?.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={t`Search members`}
          placeholder={t`Search members`}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Switch label={t`Show archived`} checked={includeArchived} onChange={(event) => setIncludeArchived(event.currentTarget.checked)} />
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
          <Trans>Invite member</Trans>
        </Button>
      </Group>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={t`Loading`} />
        </Group>
      ) : members.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {filter ? <Trans>No member matches.</Trans> : <Trans>No members yet.</Trans>}
        </Text>
      ) : (
        // On a phone the last sign-in is left out and addresses wrap, so each row's actions stay in sight.
        <Table.ScrollContainer minWidth={phone ? 0 : 560}>
          <Table verticalSpacing="xs" highlightOnHover aria-label={t`Members`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Role</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                {phone ? null : (
                  <Table.Th>
                    <Trans>Last sign-in</Trans>
                  </Table.Th>
                )}
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => {
                const name = fullName(member);
                const may = permissionsFor(me, member);
                return (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {name}
                        {member.id === session.userId ? (
                          <Text span fz="xs" c="dimmed">
                            {' '}
                            <Trans>(you)</Trans>
                          </Text>
                        ) : null}
                      </Text>
                      {name !== member.email ? (
                        <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {member.email}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{member.roles.map((r) => i18n._(roleNames[r])).join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge member={member} />
                    </Table.Td>
                    {phone ? null : (
                      <Table.Td>
                        <Text fz="sm">{member.lastLoginAtUtc ? formatDateTime(member.lastLoginAtUtc) : '–'}</Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      {may.edit || may.archive || member.invitationPending ? (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {may.edit && !member.archived ? (
                              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(member)}>
                                <Trans>Edit</Trans>
                              </Menu.Item>
                            ) : null}
                            {member.invitationPending && !member.archived && may.edit ? (
                              <Menu.Item
                                leftSection={<IconMailForward size={16} />}
                                onClick={() =>
                                  invite.mutate({
                                    body: {
                                      email: member.email,
                                      firstName: member.firstName ?? name,
                                      lastName: member.lastName ?? name,
                                      role: member.roles[0] as 'Admin' | 'Manager' | 'Employee',
                                      language: member.language,
                                    },
                                  })
                                }
                              >
                                <Trans>Send invitation again</Trans>
                              </Menu.Item>
                            ) : null}
                            {may.archive && !member.archived ? (
                              <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={() => setArchived(member, true)}>
                                <Trans>Archive</Trans>
                              </Menu.Item>
                            ) : null}
                            {may.archive && member.archived ? (
                              <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => setArchived(member, false)}>
                                <Trans>Reactivate</Trans>
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!lead ? (
        <Text fz="xs" c="dimmed">
          <Trans>Admins and the owner are changed by the owner or an admin.</Trans>
        </Text>
      ) : null}
      <FormModal opened={inviting} onClose={() => setInviting(false)} title={<Trans>Invite member</Trans>}>
        <InviteForm roles={inviteRoles} onDone={() => setInviting(false)} />
      </FormModal>
      <FormModal opened={!!editing} onClose={() => setEditing(null)} title={<Trans>Edit member</Trans>}>
        {editing ? (
          <EditForm member={editing} roles={permissionsFor(me, editing).roles} changeRole={permissionsFor(me, editing).changeRole} onDone={() => setEditing(null)} />
        ) : null}
      </FormModal>
    </Stack>
  );
}
