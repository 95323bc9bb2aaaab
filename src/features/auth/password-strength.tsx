import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, Progress, Text } from '@mantine/core';

type PasswordStrength = 'weak' | 'medium' | 'strong';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * A hint only; the server decides (at least 8 characters, not a common password, no
 * composition rules). Length counts most; mixing kinds of characters helps a little.
 */
function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) return 'weak';
  const kinds = [/[a-zäöüß]/, /[A-ZÄÖÜ]/, /\d/, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  const unique = new Set(password).size;
  if (unique < 4) return 'weak';
  if (password.length >= 16 || (password.length >= 12 && kinds >= 3)) return 'strong';
  if (password.length >= 10 || kinds >= 2) return 'medium';
  return 'weak';
}

const labels: Record<PasswordStrength, MessageDescriptor> = {
  weak: msg`Weak`,
  medium: msg`Medium`,
  strong: msg`Strong`,
};

const colors: Record<PasswordStrength, string> = { weak: 'red', medium: 'yellow', strong: 'emerald' };
const values: Record<PasswordStrength, number> = { weak: 25, medium: 60, strong: 100 };

/** The bar and label under a new password field. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { i18n, t } = useLingui();
  if (!password) {
    return (
      <Text fz="xs" c="dimmed">
        {t`At least 8 characters. A short sentence is easy to remember and hard to guess.`}
      </Text>
    );
  }
  const strength = passwordStrength(password);
  const label = i18n._(labels[strength]);
  return (
    <div>
      <Progress value={values[strength]} color={colors[strength]} size="xs" aria-hidden="true" />
      <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
        <Text fz="xs" c="dimmed">
          {password.length < MIN_PASSWORD_LENGTH ? t`At least 8 characters.` : t`Avoid common words and patterns.`}
        </Text>
        <Text fz="xs" fw={600} c={colors[strength]} aria-live="polite">
          {t`Strength: ${label}`}
        </Text>
      </Group>
    </div>
  );
}
