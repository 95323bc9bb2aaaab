/** The roles as people read them, in the UI's language (`i18n._(roleNames.Owner)` → "Inhaber"). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const roleNames: Record<string, MessageDescriptor> = {
  Owner: msg`Owner`,
  Admin: msg`Administrator`,
  Manager: msg`Manager`,
  Employee: msg`Employee`,
};
