import { describe, expect, it } from 'vitest';
import { emailInputOf, emailValuesOf, insertVariable } from './email-texts.ts';

describe('insertVariable', () => {
  it('puts the variable at the caret and moves the caret after it', () => {
    expect(insertVariable('Meet  at', 5, 5, 'other')).toEqual({ text: 'Meet {{other}} at', caret: 14 });
  });
  it('replaces a selection', () => {
    expect(insertVariable('Hello NAME!', 6, 10, 'name')).toEqual({ text: 'Hello {{name}}!', caret: 14 });
  });
  it('appends when the field never had a caret, and clamps odd positions', () => {
    expect(insertVariable('At ', null, null, 'when')).toEqual({ text: 'At {{when}}', caret: 11 });
    expect(insertVariable('ab', 9, 1, 'link')).toEqual({ text: 'ab{{link}}', caret: 10 });
  });
});

describe('emailInputOf', () => {
  it('leaves out languages with no text and keeps half-written ones for validation', () => {
    const values = emailValuesOf();
    values.name = 'Request';
    values.type_id = '7';
    values.translations.en = { subject: 'Hi {{other}}', body: 'At {{when}}' };
    values.translations.zh = { subject: '', body: ' x' };
    expect(emailInputOf(values)).toEqual({ name: 'Request', type_id: 7, translations: { en: { subject: 'Hi {{other}}', body: 'At {{when}}' }, zh: { subject: '', body: ' x' } } });
  });
  it('reads a saved template back with every language present', () => {
    const values = emailValuesOf({ id: 1, name: 'N', type_id: 14, event_id: 1, translations: { ru: { subject: 's', body: 'b' } }, variables: [], updated_at: '2026-01-01T00:00:00.000Z' });
    expect(values.type_id).toBe('14');
    expect(values.translations.ru).toEqual({ subject: 's', body: 'b' });
    expect(values.translations.en).toEqual({ subject: '', body: '' });
  });
});
