import type { ConsentPurpose } from '../../../generated/api/types.gen';
import { hasRoles, type Session } from '../../lib/session';

export interface ConsentValues {
  terms: boolean;
  privacy: boolean;
  ai: boolean;
  gps: boolean;
}

/** AI and GPS are consents of the whole tenant: only Owner, Admin and Manager may grant them. */
export function mayGrantTenantConsents(session: Session): boolean {
  return hasRoles(['Owner', 'Admin', 'Manager'], 'any', session);
}

/** The consents to send: the ticked ones; `ai` and `gps` only for the roles that may grant them. */
export function consentsToSend(values: ConsentValues, mayGrant: boolean): ConsentPurpose[] {
  const list: ConsentPurpose[] = [];
  if (values.terms) list.push('terms');
  if (values.privacy) list.push('privacy');
  if (mayGrant && values.ai) list.push('ai');
  if (mayGrant && values.gps) list.push('gps');
  return list;
}
