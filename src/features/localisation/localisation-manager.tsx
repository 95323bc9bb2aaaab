/**
 * The localisation manager (/manage-locals, Owner and Admin): every message of the app in English
 * (the source) and German side by side, searchable, with the ones missing in German or unchanged
 * from the source marked; the Owner gives a message the firm's own wording in either language
 * (kept on the server, applied in every member's app), and the catalog can be exported.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  localisationGetTextOverridesOptions,
  localisationGetTextOverridesQueryKey,
  localisationSetTextOverrideMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { TextOverride } from '../../../generated/api/types.gen';
import type { Messages } from '@lingui/core';
import { PageHeader } from '../../components/page-header';
import { TableExportButtons } from '../../components/table-export-buttons';
import { showSuccess } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';
import { builtInCatalog, messageText, overrideProblem } from '../../lib/text-overrides';

const PAGE_SIZE = 25;

type Filter = 'all' | 'missing' | 'unchanged' | 'own';

interface Row {
  id: string;
  en: string;
  de: string;
  missing: boolean;
  unchanged: boolean;
  own: { de?: string; en?: string };
}

function useCatalogs() {
  return useQuery({
    queryKey: ['built-in-catalogs'],
    queryFn: async () => ({ en: await builtInCatalog('en'), de: await builtInCatalog('de') }),
    staleTime: Infinity,
  });
}

function rowsOf(catalogs: { en: Messages; de: Messages }, overrides: TextOverride[]): Row[] {
  const own = new Map<string, Row['own']>();
  for (const o of overrides) own.set(o.messageId, { ...own.get(o.messageId), [o.locale]: o.text });
  return Object.keys(catalogs.en)
    .map((id) => {
      const en = messageText(catalogs.en[id]);
      const de = messageText(catalogs.de[id]);
      return { id, en, de, missing: !de, unchanged: !!de && de === en, own: own.get(id) ?? {} };
    })
    .sort((a, b) => a.en.localeCompare(b.en));
}

/** What a text's row says about it: missing in German, the same as English, the firm's own wording. */
function stateBadges(row: Row) {
  return (
    <Group gap={4}>
      {row.missing ? <Badge color="red" variant="light"><Trans>missing</Trans></Badge> : null}
      {row.unchanged ? <Badge color="gray" variant="light"><Trans>same as English</Trans></Badge> : null}
      {row.own.de || row.own.en ? <Badge color="teal" variant="light"><Trans>own wording</Trans></Badge> : null}
    </Group>
  );
}

function EditDialog({ row, catalogs, onClose }: { row: Row; catalogs: { en: Messages; de: Messages }; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState({ de: row.own.de ?? '', en: row.own.en ?? '' });
  const save = useMutation({ ...localisationSetTextOverrideMutation() });
  const problemText = (locale: 'de' | 'en') => {
    const text = texts[locale].trim();
    if (!text) return null;
    const problem = overrideProblem(catalogs[locale][row.id], text);
    if (!problem) return null;
    if (problem.kind === 'syntax') return t`The text is not a valid message (check the braces).`;
    const expected = problem.expected.join(' ');
    return t`Keep exactly these placeholders: ${expected}`;
  };
  const errors = { de: problemText('de'), en: problemText('en') };
  const submit = async () => {
    for (const locale of ['de', 'en'] as const) {
      const text = texts[locale].trim();
      const before = row.own[locale] ?? '';
      if (text === before) continue;
      await save.mutateAsync({ body: { locale, messageId: row.id, text: text || null } });
    }
    await queryClient.invalidateQueries({ queryKey: localisationGetTextOverridesQueryKey() });
    showSuccess(t`The text was saved for your company.`);
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t`Own wording`} size="lg">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          <Trans>Leave a field empty to use the built-in text. Placeholders in braces and numbered tags in angle brackets must stay.</Trans>
        </Text>
        <Textarea
          label={t`German`}
          description={row.de || t`(no German text)`}
          rows={3}
          value={texts.de}
          error={errors.de}
          onChange={(event) => setTexts({ ...texts, de: event.currentTarget.value })}
        />
        <Textarea
          label={t`English`}
          description={row.en}
          rows={3}
          value={texts.en}
          error={errors.en}
          onChange={(event) => setTexts({ ...texts, en: event.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={save.isPending} disabled={!!errors.de || !!errors.en} onClick={() => void submit().catch(() => undefined)}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function LocalisationManager() {
  const { t } = useLingui();
  const session = useSession();
  const owner = session.roles.includes('Owner');
  // A phone has no room for four columns: the state goes under the German text, "Change" is an icon.
  const phone = useMediaQuery('(max-width: 48em)');
  const allowed = hasRoles(['Owner', 'Admin'], 'any', session);
  const catalogs = useCatalogs();
  const overrides = useQuery({ ...localisationGetTextOverridesOptions(), enabled: allowed });
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Row | null>(null);

  const rows = useMemo(
    () => (catalogs.data ? rowsOf(catalogs.data, overrides.data?.data?.items ?? []) : []),
    [catalogs.data, overrides.data],
  );
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return rows.filter((row) => {
      if (filter === 'missing' && !row.missing) return false;
      if (filter === 'unchanged' && !row.unchanged) return false;
      if (filter === 'own' && !row.own.de && !row.own.en) return false;
      if (!needle) return true;
      return [row.en, row.de, row.own.de ?? '', row.own.en ?? '', row.id].some((text) => text.toLowerCase().includes(needle));
    });
  }, [rows, search, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const counts = {
    missing: rows.filter((r) => r.missing).length,
    unchanged: rows.filter((r) => r.unchanged).length,
    own: rows.filter((r) => r.own.de || r.own.en).length,
  };

  if (!allowed) {
    return (
      <>
        <PageHeader title={<Trans>Translations</Trans>} />
        <Text>
          <Trans>Only the owner and admins manage the texts of the app.</Trans>
        </Text>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={<Trans>Translations</Trans>}
        description={<Trans>Every text of the app in English and German. Give a text your company's own wording; it applies for all members.</Trans>}
        actions={
          <TableExportButtons
            fileName="fieldbook-texte"
            sheetName={t`Texts`}
            disabled={rows.length === 0}
            table={() => ({
              columns: [
                { header: t`Id`, width: 12 },
                { header: t`English`, width: 50 },
                { header: t`German`, width: 50 },
                { header: t`Own wording (German)`, width: 40 },
                { header: t`Own wording (English)`, width: 40 },
              ],
              rows: shown.map((row) => [row.id, row.en, row.de, row.own.de ?? null, row.own.en ?? null]),
            })}
          />
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label={t`Search texts`}
              placeholder={t`Search texts`}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 16rem' }}
            />
            <SegmentedControl
              // Four long choices: one under the other on a phone, where a row would hide the last ones.
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={!!phone}
              value={filter}
              onChange={(value) => {
                setFilter(value as Filter);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t`All (${rows.length})` },
                { value: 'missing', label: t`Missing in German (${counts.missing})` },
                { value: 'unchanged', label: t`Same as English (${counts.unchanged})` },
                { value: 'own', label: t`Own wording (${counts.own})` },
              ]}
            />
          </Group>
          {catalogs.isPending || overrides.isPending ? (
            <Group justify="center" py="xl">
              <Loader role="status" aria-label={t`Loading`} />
            </Group>
          ) : (
            <Table.ScrollContainer minWidth={phone ? 0 : 720}>
              <Table verticalSpacing="xs" aria-label={t`Texts of the app`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="38%">
                      <Trans>English</Trans>
                    </Table.Th>
                    <Table.Th w="38%">
                      <Trans>German</Trans>
                    </Table.Th>
                    {phone ? null : (
                      <Table.Th>
                        <Trans>State</Trans>
                      </Table.Th>
                    )}
                    {owner ? (
                      <Table.Th>
                        {phone ? (
                          <VisuallyHidden>
                            <Trans>Change</Trans>
                          </VisuallyHidden>
                        ) : (
                          <Trans>Change</Trans>
                        )}
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {visible.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Text fz="sm">{row.en}</Text>
                        {row.own.en ? (
                          <Text fz="sm" c="teal.8" fw={500}>
                            {row.own.en}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{row.de || '–'}</Text>
                        {row.own.de ? (
                          <Text fz="sm" c="teal.8" fw={500}>
                            {row.own.de}
                          </Text>
                        ) : null}
                        {phone ? stateBadges(row) : null}
                      </Table.Td>
                      {phone ? null : <Table.Td>{stateBadges(row)}</Table.Td>}
                      {owner ? (
                        <Table.Td>
                          {phone ? (
                            <ActionIcon variant="subtle" size="lg" aria-label={t`Change text: ${row.en}`} onClick={() => setEditing(row)}>
                              <IconPencil size={18} />
                            </ActionIcon>
                          ) : (
                            <Button
                              size="xs"
                              variant="subtle"
                              leftSection={<IconPencil size={14} />}
                              aria-label={t`Change text: ${row.en}`}
                              onClick={() => setEditing(row)}
                            >
                              <Trans>Change</Trans>
                            </Button>
                          )}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {shown.length === 0 && !catalogs.isPending ? (
            <Text c="dimmed" ta="center" py="md">
              <Trans>No text matches.</Trans>
            </Text>
          ) : null}
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              <Trans>{shown.length} texts</Trans>
            </Text>
            <Pagination total={pages} value={current} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      </Paper>
      {editing && catalogs.data ? <EditDialog row={editing} catalogs={catalogs.data} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
