import { Type } from 'typebox';
import {
  GrantPermissionField,
  PermissionField,
  PlatformField,
  RequiredText,
  RoleField,
} from '../../http/fields';

export const DomainPrefix = Type.String({
  minLength: 1,
  maxLength: 12,
  pattern: '^[A-Za-z0-9-]*$',
  errorMessage: { pattern: 'msg:domainPrefix' },
  description: 'Sub-domain of the project links: letters, digits and hyphens (stored lower-cased)',
});

export const Platforms = Type.Array(PlatformField, {
  minItems: 1,
  uniqueItems: true,
  errorMessage: { minItems: 'msg:platformsMinOne' },
});

export const ProjectSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domainPrefix: Type.String(),
  platforms: Type.Array(PlatformField),
  createdAt: Type.String(),
  permission: PermissionField,
});

export const CreateProjectBody = Type.Object({
  name: RequiredText(30, 'Project name'),
  domainPrefix: DomainPrefix,
  platforms: Type.Optional(Platforms),
});

export const UpdateProjectBody = Type.Object({
  name: RequiredText(30, 'Project name'),
  domainPrefix: DomainPrefix,
});

export const PlatformsBody = Type.Object({
  platforms: Platforms,
  confirmName: Type.Optional(
    Type.String({ maxLength: 30, description: 'The project name, typed to confirm closing a platform' }),
  ),
});

export const ProjectMemberSchema = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: RoleField,
  permission: PermissionField,
  inherited: Type.Boolean({ description: 'true for the owner and admins, who reach every project' }),
});

export const ProjectGrantsBody = Type.Object({
  grants: Type.Array(
    Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }), permission: GrantPermissionField }),
    {
      maxItems: 1000,
    },
  ),
});
