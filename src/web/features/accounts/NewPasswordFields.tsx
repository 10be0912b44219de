import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, passwordRules } from './passwordRules';

interface NewPasswordFieldsProps {
  /** Label key of the password field (sign-up: password, reset/change: new password, ...). */
  labelKey?: string;
  /** Label key of the confirmation field. */
  confirmLabelKey?: string;
}

/**
 * The `password` + `confirmPassword` pair every form that sets a password uses: 6 to 32
 * characters, and a confirmation that must repeat it.
 */
export function NewPasswordFields({
  labelKey = 'accounts:field.password',
  confirmLabelKey = 'accounts:field.confirmPassword',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t(labelKey)} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t(confirmLabelKey)}
        dependencies={['password']}
        rules={confirmRules(t)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
