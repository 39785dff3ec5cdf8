import { checkFormValues, FORM_VALUE_MESSAGES, FORM_VALUE_RULES, type FormField } from '@lobby/contract';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import ru from '../../i18n/locales/ru.json';
import zh from '../../i18n/locales/zh.json';
import { firstProblemField, problemsOf, problemText, readFormValues, serverProblems } from './page-form.ts';

const fields: FormField[] = [
  { id: 'name', label: 'Name', kind: 'text', required: true },
  { id: 'mail', label: 'E-mail', kind: 'email' },
  { id: 'role', label: 'Role', kind: 'select', options: ['Developer', 'Publisher'] },
  { id: 'agree', label: 'I agree', kind: 'checkbox', required: true },
  { id: 'news', label: 'News', kind: 'checkbox' },
];
const ids = fields.map((field) => field.id);
const reader = (entries: Record<string, string>) => (name: string) => entries[name] ?? null;

describe('reading a form', () => {
  it('trims text, leaves blank text out and turns checkboxes into true or false', () => {
    expect(readFormValues(fields, reader({ name: '  Ada ', mail: '   ', role: 'Developer', agree: 'on' }))).toEqual({ name: 'Ada', role: 'Developer', agree: true, news: false });
  });

  it('gives one problem per field, the first the contract check found, in the form order', () => {
    const values = readFormValues(fields, reader({ mail: 'not-an-address', role: 'Gardener' }));
    const problems = problemsOf([...checkFormValues(fields, values), { field: 'mail', rule: 'too_long' }]);
    expect(problems).toEqual({ name: { rule: 'required' }, mail: { rule: 'email' }, role: { rule: 'option' }, agree: { rule: 'required' } });
    expect(firstProblemField(fields, problems)).toBe('name');
    expect(firstProblemField(fields, { role: { rule: 'option' }, mail: { rule: 'email' } })).toBe('mail');
    expect(firstProblemField(fields, {})).toBeNull();
    expect(problemsOf(checkFormValues(fields, readFormValues(fields, reader({ name: 'Ada', agree: 'on' }))))).toEqual({});
  });
});

describe("a server's field problems", () => {
  it('land on the form fields by rule, by the English message, or as the sentence itself', () => {
    const details = {
      fields: [
        { field: 'values.mail', message: FORM_VALUE_MESSAGES.email, key: 'email', params: {} },
        { field: 'values.news', message: 'A sentence of its own.', key: 'kind' },
        { field: 'body.values.name', message: FORM_VALUE_MESSAGES.required },
        { field: 'role', message: 'Pick a listed role.', params: { rule: 'option' } },
        { field: 'values.agree', message: 'Something the app does not know.' },
        { field: 'values.ghost', message: FORM_VALUE_MESSAGES.unknown },
        { field: 'body', message: 'Too many answers.' },
      ],
    };
    expect(serverProblems(details, ids)).toEqual({
      problems: { mail: { rule: 'email' }, news: { rule: 'kind' }, name: { rule: 'required' }, role: { rule: 'option' }, agree: { text: 'Something the app does not know.' } },
      other: [FORM_VALUE_MESSAGES.unknown, 'Too many answers.'],
    });
  });

  it('are none without a fields list', () => {
    expect(serverProblems(undefined, ids)).toEqual({ problems: {}, other: [] });
    expect(serverProblems({ fields: 'no' }, ids)).toEqual({ problems: {}, other: [] });
    expect(serverProblems({ fields: [{ field: 'name' }] }, ids)).toEqual({ problems: { name: { text: FORM_VALUE_MESSAGES.kind } }, other: [] });
  });
});

describe('the problem texts', () => {
  it('exist for every rule in en, ru and zh', async () => {
    for (const [lang, texts] of [['en', en], ['ru', ru], ['zh', zh]] as const) {
      const t = await i18n.createInstance().init({ lng: lang, resources: { [lang]: { translation: texts } } });
      for (const rule of FORM_VALUE_RULES) {
        const text = problemText(t, { rule });
        expect(text, `${lang} ${rule}`).not.toBe(`pages.form_rules.${rule}`);
        expect(text.length).toBeGreaterThan(3);
      }
    }
    const t = await i18n.createInstance().init({ lng: 'en', resources: { en: { translation: en } } });
    expect(problemText(t, { rule: 'phone' })).toBe(FORM_VALUE_MESSAGES.phone);
    expect(problemText(t, { text: 'As the server said.' })).toBe('As the server said.');
  });
});
