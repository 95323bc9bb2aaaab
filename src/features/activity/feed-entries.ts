/** What the feed needs beyond its items: the full entry to edit, and photos as the viewer takes them. */
import { informationGetAll } from '../../../generated/api/sdk.gen';
import type { CustomerActivity, Image, Information } from '../../../generated/api/types.gen';

/** The full entry behind a feed item (the feed carries no product id): the list of the item's instant. */
export async function loadEntry(item: CustomerActivity): Promise<Information | undefined> {
  const at = new Date(item.occurredAtUtc).getTime();
  const answer = await informationGetAll({
    query: {
      customerId: item.customerId,
      includeProcessed: true,
      includeUnprocessed: true,
      fromDate: new Date(at).toISOString(),
      toDate: new Date(at + 1).toISOString(),
      page: 1,
      pageSize: 100,
      isDescending: true,
    },
  });
  return answer.data?.data.items.find((i) => i.id === item.id);
}

/** A feed photo as the viewer takes it (the viewer needs only what the feed knows). */
export function asImage(item: CustomerActivity): Image {
  return {
    id: item.id,
    customerId: item.customerId,
    customerName: item.customerName,
    category: item.title,
    description: item.text,
    latitude: null,
    longitude: null,
    createdAtUtc: item.occurredAtUtc,
    width: 0,
    height: 0,
    fileName: '',
    contentType: 'image/jpeg',
    sizeBytes: 0,
    processed: item.processed,
    archived: item.archived,
    locked: item.locked,
    ownerId: item.ownerId ?? '',
    ownerName: item.ownerName ?? '',
  };
}
