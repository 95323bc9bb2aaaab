/** How each kind of activity looks: icon, colour and name. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  IconCamera,
  IconClockHour4,
  IconHourglass,
  IconNote,
  IconPackage,
  IconSignature,
  type Icon,
} from '@tabler/icons-react';
import type { CustomerActivityKind } from '../../../generated/api/types.gen';
import type { PhotoCategory } from './search';

export const kindLooks: Record<CustomerActivityKind, { icon: Icon; color: string; label: MessageDescriptor }> = {
  time: { icon: IconClockHour4, color: 'blue', label: msg`Customer time` },
  note: { icon: IconNote, color: 'yellow', label: msg`Note` },
  material: { icon: IconPackage, color: 'teal', label: msg`Material` },
  timeEntry: { icon: IconHourglass, color: 'indigo', label: msg`Time entry` },
  image: { icon: IconCamera, color: 'grape', label: msg`Photo` },
  confirmation: { icon: IconSignature, color: 'green', label: msg`Work confirmation` },
};

export const categoryLabels: Record<PhotoCategory, MessageDescriptor> = {
  before: msg`Before`,
  after: msg`After`,
  damage: msg`Damage`,
  material: msg`Material`,
  other: msg`Other`,
};
