import { describe, expect, it } from 'vitest';
import { fieldErrorsFromValidation } from '../../server/platform/errors';
import { pickLanguage, translate } from '../../server/platform/i18n';

describe('server language', () => {
  it.each([
    [undefined, 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,en;q=0.5,de;q=0.8', 'de'],
    ['fr', 'de'],
  ])('picks %s -> %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang);
  });

  it('fills parameters and falls back to German', () => {
    expect(translate('en', 'validation.maxLength', { limit: 5 })).toBe('At most 5 characters.');
    expect(translate('de', 'validation.maxLength', { limit: 5 })).toBe('Höchstens 5 Zeichen.');
  });
});

describe('validation errors', () => {
  it('maps contract failures to fields', () => {
    const errors = fieldErrorsFromValidation(
      [
        { instancePath: '', keyword: 'required', params: { missingProperty: 'email' } },
        { instancePath: '/zip', keyword: 'maxLength', params: { limit: 10 } },
        { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'isAdmin' } },
        { instancePath: '/address/city', keyword: 'type', params: { type: 'string' } },
      ],
      'body',
      'en',
    );
    expect(errors).toEqual({
      email: ['Required.'],
      zip: ['At most 10 characters.'],
      isAdmin: ['Unknown field.'],
      'address.city': ['Expected type string.'],
    });
  });

  it('names the part of the request when no field is known', () => {
    expect(fieldErrorsFromValidation([{ instancePath: '', keyword: 'type', params: { type: 'object' } }], 'body', 'de')).toEqual({
      body: ['Erwartet wird der Typ object.'],
    });
  });
});
