/**
 * Toasts: success and warning stay 3 s, errors 5 s; 25 rem wide (set on
 * <Notifications> in src/main.tsx). Messages may hold several lines, joined by line breaks.
 * Toasts can be removed per group or all at once.
 */
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';

const TOAST_LIFE = { success: 3000, warning: 3000, error: 5000 } as const;
export const TOAST_WIDTH = '25rem';

type Severity = keyof typeof TOAST_LIFE;

const colors: Record<Severity, string> = { success: 'emerald', warning: 'yellow', error: 'red' };
const groups = new Map<string, Set<string>>();

interface ToastOptions {
  title?: string;
  /** Lets `clearToasts(group)` remove all toasts of one kind. */
  group?: string;
  /** Milliseconds instead of the severity's default (e.g. the 3 s "Failed to update customer"). */
  autoClose?: number;
}

function show(severity: Severity, message: string | string[], { title, group, autoClose }: ToastOptions): string {
  const text = Array.isArray(message) ? message.filter(Boolean).join('\n') : message;
  const id = notifications.show({
    title,
    message: text,
    color: colors[severity],
    autoClose: autoClose ?? TOAST_LIFE[severity],
    withBorder: true,
    styles: { description: { whiteSpace: 'pre-line' } },
    onClose: () => {
      if (group) groups.get(group)?.delete(id);
    },
  });
  if (group) {
    const ids = groups.get(group) ?? new Set<string>();
    ids.add(id);
    groups.set(group, ids);
  }
  return id;
}

export function showSuccess(message: string | string[], options: ToastOptions = {}): string {
  return show('success', message, { title: t`Success`, ...options });
}

export function showWarning(message: string | string[], options: ToastOptions = {}): string {
  return show('warning', message, { title: t`Warning`, ...options });
}

export function showError(message: string | string[], options: ToastOptions = {}): string {
  return show('error', message, { title: t`Failed`, ...options });
}

/** Removes the toasts of one group, or all toasts (shown and queued) without a group given. */
export function clearToasts(group?: string): void {
  if (group === undefined) {
    notifications.clean();
    groups.clear();
    return;
  }
  for (const id of groups.get(group) ?? []) notifications.hide(id);
  groups.delete(group);
}
