import { Type } from 'typebox';
import {
  GrantPermissionField,
  PermissionField,
  PlatformField,
  RequiredText,
  RoleField,
} from '../http/fields';

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

const TIME_ZONE_TEXT =
  'The time zone of the analytics days, presets and CSV dates: an IANA zone (America/New_York, daylight saving followed) or a fixed GMT offset (GMT+08:00)';
const TimeZoneField = (more: string) =>
  Type.String({
    maxLength: 64,
    description: `${TIME_ZONE_TEXT}; ${more}`,
    examples: ['Asia/Shanghai', 'GMT-05:00'],
  });

export const ProjectSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  domainPrefix: Type.String(),
  timezone: Type.String({ description: 'IANA zone or GMT+08:00' }),
  platforms: Type.Array(PlatformField),
  createdAt: Type.String(),
  permission: PermissionField,
});

export const CreateProjectBody = Type.Object({
  name: RequiredText(30, 'Project name'),
  domainPrefix: DomainPrefix,
  platforms: Type.Optional(Platforms),
  timezone: Type.Optional(
    TimeZoneField(
      "default GMT+08:00 (Asia/Shanghai) when X-Lang is zh-CN, else UTC (the console sends the browser's zone)",
    ),
  ),
});

export const UpdateProjectBody = Type.Object({
  name: RequiredText(30, 'Project name'),
  domainPrefix: DomainPrefix,
  timezone: Type.Optional(
    TimeZoneField("a change recounts the project's analytics in the new zone before answering"),
  ),
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
  adsAdvanced: Type.Boolean({
    description: 'Advanced ads user here (SPEC 6): the owner and admins always, an operator when granted',
  }),
});

export const ProjectGrantsBody = Type.Object({
  grants: Type.Array(
    Type.Object({
      userId: Type.String({ minLength: 1, maxLength: 64 }),
      permission: GrantPermissionField,
      adsAdvanced: Type.Optional(
        Type.Boolean({
          description:
            'Advanced ads user (SPEC 6); absent keeps what the grant had; only with edit, never for a viewer',
        }),
      ),
    }),
    {
      maxItems: 1000,
    },
  ),
});
