/**
 * A firm with a little of everything, for tests that call every operation (fuzz.test.ts,
 * cross-tenant.test.ts): a member, customers, a product, a note, a material, a customer time
 * track, a photo, a signed work confirmation and a user time track with two segments. The
 * confirmation covers a second customer's note, so the first customer's entries stay editable.
 */
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server';
import { insertTimeTrack, newCustomer, newEntry, newProduct, postForm, signaturePng, uploadImage } from './activity-support';
import { seedUserTrack } from './time-tracking-support';
import type { Member, TestTenant } from './factories';

export interface FirmData {
  tenantId: string;
  owner: Member;
  employee: Member;
  customerId: string;
  confirmedCustomerId: string;
  productId: string;
  noteId: string;
  materialId: string;
  timeTrackId: string;
  imageId: string;
  confirmationId: string;
  userTrackId: string;
  segmentIds: string[];
}

export async function seedFirm(server: TestServer, firm: TestTenant): Promise<FirmData> {
  const employee = await firm.member('Employee');
  const customer = await newCustomer(firm.owner, 'Elektro Kunde GmbH');
  const confirmed = await newCustomer(firm.owner, 'Bestätigt AG');
  const product = await newProduct(firm.owner);
  const note = await newEntry(employee, { customerId: customer.id, subType: 'note', text: 'Zählerschrank geprüft' });
  const material = await newEntry(employee, { customerId: customer.id, subType: 'material', productId: product.id, quantity: 2 });
  const confirmedNote = await newEntry(employee, { customerId: confirmed.id, subType: 'note', text: 'Abnahme' });
  const timeTrackId = await insertTimeTrack(server, employee, customer.id);
  const image = await uploadImage(server, employee, customer.id);
  const form = new FormData();
  form.append('customerId', confirmed.id);
  form.append('signee', 'Erika Muster');
  form.append('confirmedInfoIds', confirmedNote.id);
  form.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  const confirmation = await postForm(server, employee, '/api/WorkConfirmations', form);
  expect(confirmation.status, JSON.stringify(confirmation.body)).toBe(200);
  const track = await seedUserTrack(server, employee, [
    ['work', '2026-11-02T07:00:00Z', '2026-11-02T11:00:00Z'],
    ['break', '2026-11-02T11:00:00Z', '2026-11-02T11:30:00Z'],
  ]);
  return {
    tenantId: firm.tenantId,
    owner: firm.owner,
    employee,
    customerId: customer.id,
    confirmedCustomerId: confirmed.id,
    productId: product.id,
    noteId: note.id,
    materialId: material.id,
    timeTrackId,
    imageId: image.id,
    confirmationId: confirmation.body.data.id,
    userTrackId: track.id,
    segmentIds: track.segmentIds,
  };
}
