import { errorsBelow } from '../../fieldIssues';
import type { PrizeRowTexts } from './PrizeRowView';

/** Fields a prize row edits in place; errors of other fields are listed under the row. */
export const CELL_FIELDS = new Set([
  'id',
  'name',
  'stock',
  'unlimitedStock',
  'odds',
  'isThank',
  'deliveryType',
]);

/**
 * The lines under a prize row: the row's own messages and those of fields it has no cell for,
 * each naming its field.
 */
export function prizeRowErrors(
  errors: unknown,
  texts: Pick<PrizeRowTexts, 'messages' | 'fieldMessages'>,
): string[] {
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors as Record<string, unknown>)
    .filter(([field]) => !CELL_FIELDS.has(field))
    .map(([field, node]) =>
      field === '__errors'
        ? (texts.messages(errorsBelow({ __errors: node })) ?? '')
        : texts.fieldMessages(field, errorsBelow(node)),
    )
    .filter((line) => line !== '');
}
