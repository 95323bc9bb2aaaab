/**
 * Loads the firm's own texts after sign-in and applies them; leaving the signed-in app removes them.
 * The message compiler is fetched only when the firm has texts of its own.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { textOverridesQuery } from '../../lib/auth-guards';

let anyApplied = false;

async function apply(items: { locale: 'de' | 'en'; messageId: string; text: string }[]) {
  if (items.length === 0 && !anyApplied) return;
  anyApplied = items.length > 0;
  const { applyTextOverrides } = await import('../../lib/text-overrides');
  await applyTextOverrides(items);
}

export function TextOverridesLoader() {
  // Without its texts the app still works in the built-in wording: no error toast.
  const query = useQuery({ ...textOverridesQuery(), meta: { silent: true } });
  const items = query.data?.data?.items;
  useEffect(() => {
    if (items) void apply(items);
  }, [items]);
  useEffect(() => () => void apply([]), []);
  return null;
}
