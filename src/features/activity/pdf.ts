/**
 * Work confirmation PDFs come with the bearer token, so a plain link cannot fetch them: the PDF is
 * loaded through the generated client and handed to the browser as a download with its file name
 * (phones open it in their PDF viewer).
 */
import { workConfirmationsGet } from '../../../generated/api/sdk.gen';
import { download } from '../../lib/download';

function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

export async function downloadConfirmationPdf(id: string): Promise<void> {
  const answer = await workConfirmationsGet({ path: { id }, parseAs: 'blob' });
  const blob = answer.data as Blob;
  const name = fileNameOf(answer.response.headers.get('Content-Disposition')) ?? `${id}.pdf`;
  download(blob, name);
}
