import { Type } from 'typebox';

// Field schemas shared by several routes. Custom messages name a key of
// locales/*/validation.json ("msg:<key>"), localized per request by X-Lang.

/** Required one-line text (a name, a title) that must not be blank, at most `max` characters. */
export function RequiredText(max: number, description?: string) {
  return Type.String({
    maxLength: max,
    singleLine: true,
    pattern: '\\S',
    errorMessage: { pattern: 'msg:notBlank' },
    ...(description ? { description } : {}),
  });
}

export const Email = Type.String({ format: 'email', maxLength: 254, description: 'E-mail address' });

export const Password = Type.String({ minLength: 6, maxLength: 32, description: '6 to 32 characters' });

/** Must equal the sibling `password` field (ajv $data). */
export const ConfirmPassword = Type.Unsafe<string>({
  type: 'string',
  const: { $data: '1/password' },
  errorMessage: { const: 'msg:passwordMismatch' },
  description: 'Repeats password',
});

export const RoleField = Type.Enum(['owner', 'admin', 'operator', 'viewer']);
export const AssignableRole = Type.Enum(['admin', 'operator', 'viewer'], {
  description: 'owner (super administrator) cannot be assigned',
});
export const PermissionField = Type.Enum(['view', 'edit', 'manage']);
export const GrantPermissionField = Type.Enum(['view', 'edit']);
export const PlatformField = Type.Enum(['android', 'ios', 'web']);

export const IsoTime = Type.String({ format: 'date-time' });
export const Id = Type.String({ minLength: 1, maxLength: 64, singleLine: true });

export const UserSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: RoleField,
  organisationId: Type.String(),
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

export const IdParams = Type.Object({ id: Id });
