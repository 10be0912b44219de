import type { ExportRange } from './csvFileName';
import type { QueryParams, RequestClient } from './createRequestClient';
import { saveBlob } from './saveBlob';

/** CSV export: GET as a blob and save it as start--end.csv / output.csv; failures are toasted by the client. */
export async function downloadCsv(
  client: RequestClient,
  url: string,
  range?: ExportRange & QueryParams,
): Promise<void> {
  const { blob, fileName } = await client.downloadCsv(url, range);
  saveBlob(blob, fileName);
}
