import { Type } from 'typebox';
import { ConfirmPassword, Email, Password, RequiredText, UserSchema } from '../http/fields';

export const SignUpBody = Type.Object({
  companyName: RequiredText(64, 'Company (organisation) name'),
  email: Email,
  password: Password,
  confirmPassword: ConfirmPassword,
  agreement: Type.Literal(true, {
    errorMessage: { const: 'msg:agreementRequired' },
    description: 'The service agreement was accepted',
  }),
});

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const RefreshBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254, description: 'The e-mail address' }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const ForgetPasswordBody = Type.Object({ email: Email });

export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Password,
  confirmPassword: ConfirmPassword,
});

export const SessionAnswer = Type.Object({
  token: Type.String({ description: 'Bearer token for the Authorization header' }),
  expiresAt: Type.String(),
  user: UserSchema,
});
