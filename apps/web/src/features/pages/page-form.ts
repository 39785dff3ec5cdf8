// The pure parts of a page's form block (issue 14): reading the answers, the contract's check
// (checkFormValues) as one problem per field, and a server's 422 mapped back onto the fields.
import { FORM_VALUE_MESSAGES, FORM_VALUE_RULES, type FormField, type FormValue, type FormValueIssue, type FormValueRule } from '@lobby/contract';

/** A field's problem: a rule the app words in the person's language, or the server's own sentence. */
export type FieldProblem = { rule: FormValueRule } | { text: string };
export type FieldProblems = Readonly<Record<string, FieldProblem>>;

/**
 * The answers as the API takes them: a checkbox is true or false, text is trimmed and left out
 * when blank (a required one is then reported as missing by the check).
 */
export function readFormValues(fields: readonly FormField[], read: (name: string) => FormDataEntryValue | null): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const field of fields) {
    const raw = read(field.id);
    if (field.kind === 'checkbox') {
      values[field.id] = raw !== null;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text !== '') values[field.id] = text;
  }
  return values;
}

/** One problem per field, the first the check found. */
export function problemsOf(issues: readonly FormValueIssue[]): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const issue of issues) problems[issue.field] ??= { rule: issue.rule };
  return problems;
}

const isRule = (value: unknown): value is FormValueRule => typeof value === 'string' && (FORM_VALUE_RULES as readonly string[]).includes(value);

interface ServerField {
  field?: unknown;
  message?: unknown;
  rule?: unknown;
  key?: unknown;
  params?: { rule?: unknown } | null;
}

/**
 * A server's field problems (details.fields of a 400 or 422: `{ field, message, key }`, the key
 * being the rule; the field as `values.<id>`, `body.values.<id>` or `<id>`) on the form's own
 * fields; problems of other fields come back as sentences.
 */
export function serverProblems(details: unknown, fieldIds: readonly string[]): { problems: Record<string, FieldProblem>; other: string[] } {
  const problems: Record<string, FieldProblem> = {};
  const other: string[] = [];
  const items = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(items)) return { problems, other };
  for (const item of items as ServerField[]) {
    const message = typeof item.message === 'string' ? item.message : '';
    const name = typeof item.field === 'string' ? item.field.replace(/^body\./, '').replace(/^values\./, '') : '';
    if (!fieldIds.includes(name)) {
      if (message) other.push(message);
      continue;
    }
    const rule = [item.key, item.rule, item.params?.rule].find(isRule) ?? FORM_VALUE_RULES.find((known) => FORM_VALUE_MESSAGES[known] === message);
    problems[name] ??= rule ? { rule } : { text: message || FORM_VALUE_MESSAGES.kind };
  }
  return { problems, other };
}

/** The first field of the form (in its order) with a problem: where the focus goes. */
export const firstProblemField = (fields: readonly FormField[], problems: FieldProblems): string | null => fields.find((field) => Object.hasOwn(problems, field.id))?.id ?? null;

/** A problem's text: the rule in the person's language (pages.form_rules.*), or the server's sentence. */
export const problemText = (t: (key: string) => string, problem: FieldProblem): string => ('rule' in problem ? t(`pages.form_rules.${problem.rule}`) : problem.text);
