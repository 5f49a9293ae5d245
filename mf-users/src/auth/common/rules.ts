import type { TFunction } from 'i18next';
import {
  EMAIL_MAX,
  hasNameCharacters,
  isEmail,
  isPasswordLength,
  lengthOf,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../validation';
import { check } from './form';

/** Sign-up name: required, up to 30, a-z 0-9 space - . _ (the server also wants at least 2). */
export const nameRules = (t: TFunction) =>
  check((v) => {
    const name = v.trim();
    if (!name) return t('auth.fields.name.empty');
    if (lengthOf(name) < 2 || lengthOf(name) > NAME_MAX) return t('auth.fields.name.length', { min: 2, max: NAME_MAX });
    if (!hasNameCharacters(name)) return t('auth.fields.name.characters');
    return null;
  });

export const emailRules = (t: TFunction) =>
  check((v) => {
    if (!v.trim()) return t('auth.fields.e_mail.empty');
    if (lengthOf(v.trim()) > EMAIL_MAX || !isEmail(v)) return t('auth.fields.e_mail.invalid');
    return null;
  });

/** Passwords are 8 to 32 characters. */
export const newPasswordRules = (t: TFunction) =>
  check((v) => {
    if (!v) return t('auth.fields.pass.empty');
    if (!isPasswordLength(v)) return t('auth.fields.pass.length', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    return null;
  });
