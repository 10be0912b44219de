import { singleLineProblem } from '../validation/unsafeValueIssues';
import { parseAddressRange } from './parseAddressRange';

/** What a blocklist entry names: a participant's user id, a device id, an address or range. */
export const BLOCK_KINDS = ['user', 'device', 'address'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The longest user id or device id an entry holds (the SDK's and the play API's limit). */
export const BLOCK_ID_MAX = 128;
/** The longest note (the reason) of an entry. */
export const BLOCK_NOTE_MAX = 200;
/** The most values one add names (one per line of the console's form). */
export const BLOCK_VALUES_MAX = 500;

/** Why a value is refused: a key of the validation catalogue and its placeholders. */
export interface BlockValueProblem {
  messageKey: string;
  params: Record<string, unknown>;
}

export type CheckedBlockValue = { ok: true; value: string } | { ok: false; problem: BlockValueProblem };

/**
 * One value of a blocklist entry, as it is stored: white space around it dropped; a user id or
 * device id of 1 to 128 characters on one line, compared exactly; an address or CIDR range
 * normalized by `parseAddressRange` (`203.0.113.7/24` is stored as `203.0.113.0/24`). The server
 * checks every line with it, and the console's form before it sends them.
 */
export function checkBlockValue(kind: BlockKind, text: string): CheckedBlockValue {
  const value = text.trim();
  if (value === '') return { ok: false, problem: { messageKey: 'required', params: {} } };
  if (kind === 'address') {
    const parsed = parseAddressRange(value);
    if (!parsed.ok) return { ok: false, problem: { messageKey: `ipRange.${parsed.reason}`, params: {} } };
    return { ok: true, value: parsed.range.text };
  }
  const line = singleLineProblem(value);
  if (line) return { ok: false, problem: { messageKey: line.messageKey, params: { char: line.char } } };
  if (value.length > BLOCK_ID_MAX)
    return { ok: false, problem: { messageKey: 'maxLength', params: { limit: BLOCK_ID_MAX } } };
  return { ok: true, value };
}
