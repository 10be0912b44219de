import type { FastifyReply } from 'fastify';

/**
 * Answers a CSV download. A UTF-8 byte order mark goes first so spreadsheets read Chinese text
 * correctly; the file name is one `csvFileName` made (ASCII only).
 */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${csv}`);
}
