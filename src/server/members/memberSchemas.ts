import { Type } from 'typebox';
import {
  AssignableRole,
  ConfirmPassword,
  Email,
  GrantPermissionField,
  Password,
  RequiredText,
  RoleField,
} from '../http/fields';

const AdsAdvancedField = Type.Boolean({
  description: 'Advanced ads user on the project (SPEC 6): only with edit, never for a viewer (stored false)',
});

export const MemberProjects = Type.Array(
  Type.Object({
    projectId: Type.String({ minLength: 1, maxLength: 64 }),
    permission: GrantPermissionField,
    adsAdvanced: Type.Optional(
      Type.Boolean({
        description:
          'Advanced ads user on the project (SPEC 6); absent keeps what the grant had; only with edit, never for a viewer',
      }),
    ),
  }),
  { maxItems: 1000, description: 'Per-project grants (operators and viewers; a viewer is capped at view)' },
);

export const MemberSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: RoleField,
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  projects: Type.Array(
    Type.Object({
      projectId: Type.String(),
      permission: GrantPermissionField,
      adsAdvanced: AdsAdvancedField,
    }),
    { description: 'Explicit grants; empty for the owner and admins, who reach every project' },
  ),
});

export const CreateMemberBody = Type.Object({
  name: RequiredText(30, 'Member name'),
  email: Email,
  role: AssignableRole,
  password: Password,
  confirmPassword: ConfirmPassword,
  projects: Type.Optional(MemberProjects),
});

export const UpdateMemberBody = Type.Object({
  name: Type.Optional(RequiredText(30, 'Member name')),
  // `owner` is accepted only unchanged, so a form may send the owner's role back as it is.
  role: Type.Optional(RoleField),
  projects: Type.Optional(MemberProjects),
});
