import { BLOCK_VALUES_MAX, checkBlockValue, type BlockKind } from '../../../engine/risk/checkBlockValue';
import type { Lang } from '../../../engine/validation/lang';
import { validationMessage } from '../../../engine/validation/localizeErrors';

/** The values of the form's text: its non-blank lines, each with its 1-based line number. */
export interface BlockLines {
  values: string[];
  lines: number[];
}

/** Splits the form's text into values, one per non-blank line (white space kept for the rules). */
export function blockLines(text: string): BlockLines {
  const out: BlockLines = { values: [], lines: [] };
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    out.values.push(line);
    out.lines.push(index + 1);
  });
  return out;
}

/** One refused line: its number and the reason, in the server's words. */
export interface LineProblem {
  line: number;
  message: string;
}

/** Why the form's text cannot be sent, before it is: the same rules the server applies to each value. */
export type BlockTextProblem =
  { kind: 'empty' } | { kind: 'tooMany'; max: number } | { kind: 'lines'; problems: LineProblem[] };

/** The form's text checked line by line with `checkBlockValue`; undefined when it may be sent. */
export function blockTextProblem(kind: BlockKind, text: string, lang: Lang): BlockTextProblem | undefined {
  const { values, lines } = blockLines(text);
  if (values.length === 0) return { kind: 'empty' };
  if (values.length > BLOCK_VALUES_MAX) return { kind: 'tooMany', max: BLOCK_VALUES_MAX };
  const problems: LineProblem[] = [];
  values.forEach((value, i) => {
    const checked = checkBlockValue(kind, value);
    if (!checked.ok)
      problems.push({
        line: lines[i],
        message: validationMessage(checked.problem.messageKey, lang, checked.problem.params),
      });
  });
  return problems.length > 0 ? { kind: 'lines', problems } : undefined;
}

/**
 * The server's refusals of values (`/values/{i}`) as line problems of the form's text; other
 * paths are left to the form.
 */
export function serverLineProblems(
  errors: { path: string; message: string }[],
  lines: number[],
): LineProblem[] {
  return errors.flatMap(({ path, message }) => {
    const match = /^\/values\/(\d+)$/.exec(path);
    const line = match ? lines[Number(match[1])] : undefined;
    return line === undefined ? [] : [{ line, message }];
  });
}
