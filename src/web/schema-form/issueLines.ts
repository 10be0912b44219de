import { fieldLabel } from '../../engine/validation/fieldLabel';
import { fieldMessage } from '../../engine/validation/fieldMessage';
import type { Lang } from '../../engine/validation/lang';
import type { JsonSchema } from './schemaEntry';

interface PathMessage {
  path: string;
  message: string;
}

export interface IssueLinesInput {
  /** The entry schema the paths point into. */
  schema: JsonSchema;
  /** The entry's strings in `lang` (schema titles are keys of these). */
  strings: Record<string, string>;
  lang: Lang;
  /** Names a language code met in a path (`/pageTitle/en-US`). */
  languageName?(code: string): string;
}

/**
 * Problems for a list away from their fields (a wizard step's summary): one line per field,
 * naming it from the schema title at its path and saying each of its messages as a sentence,
 * "Prize 2 › Stock: Must be at least 0." / "奖品 2 › 库存：不能小于 0". Fields in first-seen order.
 */
export function issueLines(issues: readonly PathMessage[], input: IssueLinesInput): string[] {
  const byPath = new Map<string, string[]>();
  for (const issue of issues) {
    const list = byPath.get(issue.path) ?? [];
    list.push(issue.message);
    byPath.set(issue.path, list);
  }
  const text = (key: string) => input.strings[key];
  return [...byPath].map(([path, messages]) =>
    fieldMessage(
      fieldLabel(input.schema, path, text, input.lang, { segmentName: input.languageName }),
      messages,
      input.lang,
    ),
  );
}
