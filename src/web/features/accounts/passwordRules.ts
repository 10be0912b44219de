import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from './accountTypes';

/** Password 6 to 32 characters. */
export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true },
    {
      min: PASSWORD_MIN,
      max: PASSWORD_MAX,
      message: t('accounts:rule.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
    },
  ];
}

/** The confirmation must repeat the field named `field`. */
export function confirmRules(t: TFunction, field = 'password'): FormRule[] {
  return [
    { required: true },
    ({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(t('accounts:rule.passwordMismatch'))),
    }),
  ];
}
