import type { Lang } from './lang';
import { validationMessage, type ValidationIssue } from './localizeErrors';

// NUL, the other C0 controls, DEL and the C1 controls never belong in text anyone types (and
// PostgreSQL cannot store NUL at all). Tab, line feed and carriage return are ordinary in
// multi-line texts, so they are allowed here unless the text is single-line by nature.
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F]/u;
// Header values arrive decoded as latin1, so UTF-8 bytes show up in the C1 range: only the C0
// controls (tab aside) and DEL are wrong there.
const HEADER_CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/u;
/* eslint-enable no-control-regex */

/** Which characters a walk refuses. */
export type TextRule = 'text' | 'singleLine' | 'header';

const RULES: Record<TextRule, RegExp> = {
  text: CONTROL,
  singleLine: CONTROL_OR_BREAK,
  header: HEADER_CONTROL,
};

/** The first character `rule` refuses in `value`, as `U+XXXX`; undefined when clean. */
export function refusedCharacter(value: string, rule: TextRule = 'text'): string | undefined {
  const match = RULES[rule].exec(value);
  if (!match) return undefined;
  return `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why a name, title, key or id (one line) is refused: a control character every text refuses
 * (`controlCharacter`, naming it), else a line break or tab (`singleLine`); undefined when fine.
 * The engine's `singleLine` keyword and the console's one-line form rule say the same.
 */
export function singleLineProblem(
  value: string,
): { messageKey: 'controlCharacter' | 'singleLine'; char: string } | undefined {
  const char = refusedCharacter(value, 'singleLine');
  if (!char) return undefined;
  const control = refusedCharacter(value, 'text');
  return control ? { messageKey: 'controlCharacter', char: control } : { messageKey: 'singleLine', char };
}

function segment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface UnsafeValueOptions {
  /** Prefix of every path (`/querystring`); none for a body. */
  prefix?: string;
  rule?: TextRule;
  /** Stop after this many issues (a hostile body may hold thousands); 20 unless told. */
  limit?: number;
}

/**
 * Walks a parsed value (a request body, a config, query strings, headers) and reports, by JSON
 * pointer, every string or object key holding a control character the rule refuses and every
 * number JSON cannot carry (`1e309` parses as Infinity). The same check for every field of
 * every write, whatever its schema says, and for configs in the wizard before submit.
 */
export function unsafeValueIssues(
  value: unknown,
  lang: Lang,
  options: UnsafeValueOptions = {},
): ValidationIssue[] {
  const rule = options.rule ?? 'text';
  // Nearly every value is clean: answer those without building a single path.
  if (!hasUnsafeValue(value, rule)) return [];
  const limit = options.limit ?? 20;
  const out: ValidationIssue[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown, path: string): void => {
    if (out.length >= limit) return;
    if (typeof node === 'string') {
      const char = refusedCharacter(node, rule);
      if (char)
        out.push({
          path,
          keyword: 'controlCharacter',
          message: validationMessage('controlCharacter', lang, { char }),
        });
      return;
    }
    if (typeof node === 'number') {
      if (!Number.isFinite(node))
        out.push({ path, keyword: 'numberTooLarge', message: validationMessage('numberTooLarge', lang) });
      return;
    }
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${path}/${index}`));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const at = `${path}/${segment(key)}`;
      const char = refusedCharacter(key, 'singleLine');
      if (char && out.length < limit)
        out.push({
          path: at,
          keyword: 'controlCharacter',
          message: validationMessage('controlCharacter', lang, { char }),
        });
      visit(item, at);
    }
  };
  visit(value, options.prefix ?? '');
  return out;
}

/**
 * True when `unsafeValueIssues` would report something: the same walk without paths or messages,
 * so the clean values every write carries cost a regex test per string and key.
 */
export function hasUnsafeValue(value: unknown, rule: TextRule = 'text'): boolean {
  const pattern = RULES[rule];
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (pattern.test(node)) return true;
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node)) return true;
    } else if (node !== null && typeof node === 'object' && !seen.has(node)) {
      seen.add(node);
      if (Array.isArray(node)) {
        for (const item of node) stack.push(item);
      } else {
        for (const key in node) {
          if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
          if (CONTROL_OR_BREAK.test(key)) return true;
          stack.push((node as Record<string, unknown>)[key]);
        }
      }
    }
  }
  return false;
}

/** `unsafe` followed by `issues`, without the schema's own report of the same character (`singleLine`). */
export function mergeIssues<T extends { path: string; message: string }>(unsafe: T[], issues: T[]): T[] {
  const seen = new Set(unsafe.map((i) => `${i.path}\u0000${i.message}`));
  return [...unsafe, ...issues.filter((i) => !seen.has(`${i.path}\u0000${i.message}`))];
}
